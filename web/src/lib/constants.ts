/** Business constants of spec section 9. */
export const DEFAULT_REDIRECT = '/remortgaging';
export const DEFAULT_POLICY_VERSION = 2;
export const FALLBACK_PRIVACY_URL = '/legal/privacy-policy.html';
export const FALLBACK_TERMS_URL = '/legal/terms-of-service.html';
export const VERSION_POLL_MS = 10 * 60 * 1000;
export const VERSION_RECHECK_AFTER_DISMISS_MS = 24 * 60 * 60 * 1000;
export const QUERY_STALE_MS = 20 * 1000;
export const QUERY_GC_MS = 30 * 1000;
export const QUERY_RETRIES = 3;
export const POLICY_STALE_MS = 20 * 60 * 1000;
export const TOAST_MAX = 2;
export const TOAST_HIDE_MS = 3000;
export const COOKIE_CONSENT_DAYS = 365;
export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_COLLAPSED = 30;
export const SEARCH_DEBOUNCE_MS = 400;
export const LIST_FRESH_MS = 5 * 1000;
/** "cases are refetched at an interval" (the spec gives no figure). */
export const CASES_REFETCH_MS = 30 * 1000;
/**
 * The notification badge is polled this often: the query stale time, so a fresh count is never
 * fetched again (a fresher badge would need a live feed, not a faster poll).
 */
export const FEED_POLL_MS = QUERY_STALE_MS;
/** After the feed refused the token (403): asked again now and then, not every 20 s. */
export const FEED_REFUSED_POLL_MS = 60 * 1000;
