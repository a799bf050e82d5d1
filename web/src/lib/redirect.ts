import { DEFAULT_REDIRECT } from './constants';

/** Only same-site paths may be redirect targets ('/x', never '//host' or 'https://…'). */
export function safeRedirect(value: unknown, fallback: string = DEFAULT_REDIRECT): string {
  if (typeof value !== 'string') return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}

/** The redirectTo value for the current location: path plus search. */
export function currentTarget(location: {
  pathname: string;
  searchStr?: string;
  search?: unknown;
}): string {
  const search = typeof location.searchStr === 'string' ? location.searchStr : '';
  return `${location.pathname}${search}`;
}
