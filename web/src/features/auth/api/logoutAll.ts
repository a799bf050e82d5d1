import { sessionApi } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

/** POST /auth/logout-all — ends every session of the user. */
export async function logoutAll(): Promise<void> {
  unwrap(await sessionApi().POST('/auth/logout-all', { body: {} }));
}
