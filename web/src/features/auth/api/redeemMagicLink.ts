import { sessionApi } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

/**
 * POST /auth/magic-link — 204 sets the session cookies. Opening the e-mailed link only loads
 * /login/auth; the token is spent by this same-origin POST, so mail scanners and link previews
 * (which only GET) cannot use it up.
 */
export async function redeemMagicLink(token: string, signal?: AbortSignal): Promise<void> {
  unwrap(await sessionApi().POST('/auth/magic-link', { body: { token }, signal }));
}
