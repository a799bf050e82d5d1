import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

/**
 * POST /email-change/confirm — the token from the e-mailed link. Opening the link only loads
 * /confirm-email; this same-origin POST spends the token, so mail scanners cannot use it up.
 */
export async function confirmEmailChange(token: string): Promise<{ email: string }> {
  return unwrap(await api().POST('/email-change/confirm', { body: { token } }));
}

export function useConfirmEmailChange() {
  return useMutation({ mutationKey: ['email-change', 'confirm'], mutationFn: confirmEmailChange });
}
