import { COOKIE_CONSENT_DAYS } from '../../lib/constants';

export const CONSENT_COOKIE = 'threshold_consent';

export interface ConsentChoice {
  essential: true;
  analytics: boolean;
}

/** Reads the stored choice; an absent, expired (the browser drops it) or malformed cookie is none. */
export function readConsent(cookieString: string = document.cookie): ConsentChoice | null {
  const entry = cookieString
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${CONSENT_COOKIE}=`));
  if (!entry) return null;
  try {
    const value = JSON.parse(decodeURIComponent(entry.slice(CONSENT_COOKIE.length + 1))) as unknown;
    if (value && typeof value === 'object' && 'analytics' in value) {
      return { essential: true, analytics: (value as { analytics: unknown }).analytics === true };
    }
  } catch {
    // Malformed: ask again.
  }
  return null;
}

/** Stores the choice for 365 days. */
export function writeConsent(choice: ConsentChoice): void {
  const maxAge = COOKIE_CONSENT_DAYS * 24 * 60 * 60;
  const value = encodeURIComponent(JSON.stringify({ analytics: choice.analytics, at: Date.now() }));
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CONSENT_COOKIE}=${value}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}`;
}
