/**
 * GET /version at the site root (not under the API base). It is deliberately not typed from the
 * API document, which describes the calls under the API base only.
 */
export interface VersionInfo {
  version: string;
}

export async function getVersion(signal?: AbortSignal): Promise<VersionInfo> {
  const response = await fetch('/version', {
    signal,
    credentials: 'include',
    cache: 'no-store',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`GET /version failed with status ${response.status}`);
  const body = (await response.json()) as Partial<VersionInfo>;
  if (typeof body.version !== 'string') throw new Error('GET /version: no version in the answer');
  return { version: body.version };
}
