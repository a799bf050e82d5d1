import { sessionApi } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

/** GET /auth/magic-link/{token} — 204 sets the session cookies. */
export async function redeemMagicLink(token: string, signal?: AbortSignal): Promise<void> {
  unwrap(
    await sessionApi().GET('/auth/magic-link/{token}', { params: { path: { token } }, signal }),
  );
}
