import { sessionApi } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

/** POST /auth/refresh — rotates the session cookies; 401 when the session is over. */
export async function refreshSession(): Promise<void> {
  unwrap(await sessionApi().POST('/auth/refresh', { body: {} }));
}
