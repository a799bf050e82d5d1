import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { CaseRef, Schemas } from '../../../lib/api/types';

export type IdentityCheckStarted = Schemas['IdentityCheckStarted'];

/**
 * POST /identity/check {caseId, caseType} → 200 {redirectUrl}: where the firm checks identities
 * through its provider (runtime config `identityProvider: 'ONFIDO'`), a new check on the
 * provider's page, which sends the owner back to Verify Identity with ?check=done. 409 when
 * submitted or verified already, or at another stage; 502 when the provider does not answer.
 */
export async function startIdentityCheck(body: CaseRef): Promise<IdentityCheckStarted> {
  return unwrap(await api().POST('/identity/check', { body }));
}

export function useStartIdentityCheck() {
  return useMutation({ mutationKey: ['tiles', 'identity-check'], mutationFn: startIdentityCheck });
}
