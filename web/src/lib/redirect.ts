/**
 * Where a user goes when nothing asked for a page: the protected index, which forwards to their
 * case list (DEFAULT_REDIRECT, /remortgaging, unless their only cases are purchases). Sending
 * them to /remortgaging directly would carry that list on as an explicit redirectTo through
 * onboarding.
 */
export const HOME_PATH = '/';

/** Only same-site paths may be redirect targets ('/x', never '//host' or 'https://…'). */
export function safeRedirect(value: unknown, fallback: string = HOME_PATH): string {
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
