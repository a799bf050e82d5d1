import { siteApi } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { VersionInfo } from '../../../lib/api/types';

/** GET /version at the site root (not under the API base). */
export async function getVersion(signal?: AbortSignal): Promise<VersionInfo> {
  return unwrap(await siteApi().GET('/version', { signal, cache: 'no-store' }));
}
