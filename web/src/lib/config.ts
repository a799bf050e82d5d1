/** Runtime configuration served by the server at /runtime-config.json, read once before rendering. */
export interface RuntimeConfig {
  apiBaseUrl: string;
  supportEmail: string;
  /** This build's release, named in error reports. */
  release: string;
  sentryDsn: string | null;
  posthogKey: string | null;
  /** The PostHog instance events go to (with consent, and a key). */
  posthogHost: string;
  /** The static-map service for the case cards (a browser key); null: no maps. */
  maps: StaticMaps | null;
  /** The server can list the addresses at a postcode (GET /address-lookup). */
  addressLookup: boolean;
  /**
   * Who checks identities: MANUAL (the owner uploads a photo ID and a selfie for the firm's
   * review) or ONFIDO (the owner takes Onfido's hosted check).
   */
  identityProvider: IdentityProvider;
}

export type IdentityProvider = 'MANUAL' | 'ONFIDO';

export interface StaticMaps {
  url: string;
  key: string;
}

/** Used when the server does not answer: the API lives under /api and support has a built-in address. */
export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = {
  apiBaseUrl: '/api',
  supportEmail: 'support@threshold.example',
  release: 'unknown',
  sentryDsn: null,
  posthogKey: null,
  posthogHost: 'https://eu.i.posthog.com',
  maps: null,
  addressLookup: false,
  identityProvider: 'MANUAL',
};

let current: RuntimeConfig = DEFAULT_RUNTIME_CONFIG;

function str(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value : fallback;
}

function nullableStr(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function staticMaps(value: unknown): StaticMaps | null {
  const o = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const url = nullableStr(o.url);
  const key = nullableStr(o.key);
  return url && key ? { url, key } : null;
}

export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  const o = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  return {
    apiBaseUrl: str(o.apiBaseUrl, DEFAULT_RUNTIME_CONFIG.apiBaseUrl),
    supportEmail: str(o.supportEmail, DEFAULT_RUNTIME_CONFIG.supportEmail),
    release: str(o.release, DEFAULT_RUNTIME_CONFIG.release),
    sentryDsn: nullableStr(o.sentryDsn),
    posthogKey: nullableStr(o.posthogKey),
    posthogHost: str(o.posthogHost, DEFAULT_RUNTIME_CONFIG.posthogHost),
    maps: staticMaps(o.maps),
    addressLookup: o.addressLookup === true,
    identityProvider: o.identityProvider === 'ONFIDO' ? 'ONFIDO' : 'MANUAL',
  };
}

export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  try {
    const res = await fetchImpl('/runtime-config.json', {
      credentials: 'include',
      headers: { Accept: 'application/json' },
      cache: 'no-store',
    });
    if (!res.ok) throw new Error(`runtime config: HTTP ${res.status}`);
    current = parseRuntimeConfig(await res.json());
  } catch (error) {
    console.error('Could not load /runtime-config.json, using defaults', error);
    current = DEFAULT_RUNTIME_CONFIG;
  }
  return current;
}

export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

export function runtimeConfig(): RuntimeConfig {
  return current;
}
