import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { paths } from '../../../lib/api/schema';

export type EmailChangeUndone =
  paths['/email-change/undo']['post']['responses'][200]['content']['application/json'];

/**
 * POST /email-change/undo — the token from the link e-mailed to the old address. Opening the
 * link only loads /undo-email-change; this same-origin POST spends the token, so mail scanners
 * cannot use it up. It puts the old address back and ends every session of the account.
 */
export async function undoEmailChange(token: string): Promise<EmailChangeUndone> {
  return unwrap(await api().POST('/email-change/undo', { body: { token } }));
}

export function useUndoEmailChange() {
  return useMutation({ mutationKey: ['email-change', 'undo'], mutationFn: undoEmailChange });
}
