import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

/**
 * POST /buying/{caseId}/donor/invitation/respond {accepted} (spec section 7, INVITE-06): the
 * donor confirms or declines their gift; the buyers are told.
 */
export async function respondToDonorInvitation(caseId: string, accepted: boolean): Promise<void> {
  unwrap(
    await api().POST('/buying/{caseId}/donor/invitation/respond', {
      params: { path: { caseId } },
      body: { accepted },
    }),
  );
}

export function useRespondToDonorInvitation(caseId: string) {
  return useMutation({
    mutationKey: ['invitations', 'buying', caseId, 'donor', 'respond'],
    mutationFn: (accepted: boolean) => respondToDonorInvitation(caseId, accepted),
  });
}
