/** Runtime configuration served by the server at /runtime-config.json, read once before rendering. */
export interface RuntimeConfig {
  apiBaseUrl: string;
  supportEmail: string;
  sentryDsn: string | null;
  posthogKey: string | null;
  mapsEnabled: boolean;
  /** The server can list the addresses at a postcode (GET /address-lookup). */
  addressLookup: boolean;
}

/** Used when the server does not answer: the API lives under /api and support has a built-in address. */
export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = {
  apiBaseUrl: '/api',
  supportEmail: 'support@threshold.example',
  sentryDsn: null,
  posthogKey: null,
  mapsEnabled: false,
  addressLookup: false,
};

let current: RuntimeConfig = DEFAULT_RUNTIME_CONFIG;

function str(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value : fallback;
}

function nullableStr(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  const o = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  return {
    apiBaseUrl: str(o.apiBaseUrl, DEFAULT_RUNTIME_CONFIG.apiBaseUrl),
    supportEmail: str(o.supportEmail, DEFAULT_RUNTIME_CONFIG.supportEmail),
    sentryDsn: nullableStr(o.sentryDsn),
    posthogKey: nullableStr(o.posthogKey),
    mapsEnabled: o.mapsEnabled === true,
    addressLookup: o.addressLookup === true,
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
