import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

/**
 * POST /auth/magic-link/renew — a link that failed (used, replaced or expired) is traded for a
 * fresh sign-in e-mail to its owner, to the same page. The answer is the same whether or not
 * the token is known.
 */
export async function renewMagicLink(token: string): Promise<void> {
  unwrap(await api().POST('/auth/magic-link/renew', { body: { token } }));
}

export function useRenewMagicLink() {
  return useMutation({ mutationKey: ['auth', 'renew'], mutationFn: renewMagicLink });
}
