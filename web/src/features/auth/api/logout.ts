import { sessionApi } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

/** POST /auth/logout — ends this session on the server. */
export async function logout(): Promise<void> {
  unwrap(await sessionApi().POST('/auth/logout', { body: {} }));
}
