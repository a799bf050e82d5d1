/**
 * Scrubbing for what leaves the browser in error reports and analytics: sign-in links carry
 * `?token=…` (and other links may carry ids or addresses in their query), so every URL loses its
 * query string and fragment, any `token=` left in free text is masked, and e-mail addresses are
 * replaced.
 */

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
/** `token=…`, `access_token=…`, `magicToken=…` and the like, up to the next separator. */
const TOKEN_PARAM = /([A-Za-z_]*token=)[^&#\s"'<>]*/gi;
/** An absolute or root-relative URL with a query string or fragment inside free text. */
const URL_WITH_QUERY =
  /((?:https?:\/\/[^\s?#"'<>]+)|(?:^|(?<=[\s("'=]))\/[^\s?#"'<>]*)[?#][^\s"'<>]*/g;

export const REDACTED_EMAIL = '[email]';

/** The URL without its query string and fragment (relative URLs stay relative). */
export function scrubUrl(url: string): string {
  const cut = url.search(/[?#]/);
  return scrubText(cut === -1 ? url : url.slice(0, cut));
}

/** Free text with URLs' queries removed, tokens masked and e-mail addresses replaced. */
export function scrubText(text: string): string {
  return text
    .replace(URL_WITH_QUERY, (_, base: string) => base)
    .replace(TOKEN_PARAM, '$1[redacted]')
    .replace(EMAIL, REDACTED_EMAIL);
}

/**
 * A deep copy of `value` with every string scrubbed (scrubText), objects and arrays followed to
 * `depth` levels. Keys named like a URL (url, href, referrer, from, to…) lose their whole query.
 */
export function scrubDeep<T>(value: T, depth = 12): T {
  return scrubValue(value, depth, false) as T;
}

const URL_KEYS =
  /^(url|href|referr?er|from|to|\$current_url|\$referrer|\$initial_referrer|\$initial_current_url|\$pathname|url\.full|http\.url|Referer)$/i;

function scrubValue(value: unknown, depth: number, isUrlKey: boolean): unknown {
  if (typeof value === 'string') return isUrlKey ? scrubUrl(value) : scrubText(value);
  if (depth <= 0 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, depth - 1, false));
  // Leave binary and class instances (Date, Error…) alone: only plain data is sent on.
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = scrubValue(v, depth - 1, URL_KEYS.test(key));
  }
  return out;
}
