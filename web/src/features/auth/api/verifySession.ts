import { sessionApi } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { Verify } from '../../../lib/api/types';

/** GET /auth/verify — used only by the session machine at start-up. */
export async function verifySession(signal?: AbortSignal): Promise<Verify> {
  return unwrap(await sessionApi().GET('/auth/verify', { signal }));
}
