import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { AcceptPoliciesBody } from '../../../lib/api/types';

/** POST /auth/accept-policies */
export async function acceptPolicies(body: AcceptPoliciesBody): Promise<void> {
  unwrap(await api().POST('/auth/accept-policies', { body }));
}

export function useAcceptPolicies() {
  return useMutation({ mutationKey: ['policies', 'accept'], mutationFn: acceptPolicies });
}
