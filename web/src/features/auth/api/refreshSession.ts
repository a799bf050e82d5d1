import { sessionApi } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

/**
 * POST /auth/refresh — rotates the session cookies; 401 when the session is over. Another tab
 * of this browser may have rotated them a moment before ours went (the token we sent is then
 * retired): when ours is refused but the cookies the browser now holds are good, the session
 * goes on instead of signing this tab out.
 */
export async function refreshSession(): Promise<void> {
  const refreshed = await sessionApi().POST('/auth/refresh', { body: {} });
  if (refreshed.response.status === 401) {
    const me = await sessionApi().GET('/auth/me');
    if (me.response.ok) return;
  }
  unwrap(refreshed);
}
