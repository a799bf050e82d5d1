import { sessionApi } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { Me } from '../../../lib/api/types';

/** GET /auth/me — the profile lives in the session machine's context, not in the query cache. */
export async function getMe(signal?: AbortSignal): Promise<Me> {
  return unwrap(await sessionApi().GET('/auth/me', { signal }));
}
