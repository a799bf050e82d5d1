import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

/** DELETE /auth/sessions/{sessionId} — ends one session. */
export async function revokeSession(sessionId: string): Promise<void> {
  unwrap(await api().DELETE('/auth/sessions/{sessionId}', { params: { path: { sessionId } } }));
}

export function useRevokeSession() {
  return useMutation({ mutationKey: ['auth', 'sessions', 'revoke'], mutationFn: revokeSession });
}
