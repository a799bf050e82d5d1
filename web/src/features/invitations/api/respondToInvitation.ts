import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { CaseMoved } from '../../../lib/api/types';
import type { CaseKind } from '../../cases';

const POST_RESPOND: Record<CaseKind, (caseId: string, accepted: boolean) => Promise<CaseMoved>> = {
  remortgaging: async (caseId, accepted) =>
    unwrap(
      await api().POST('/remortgaging/{caseId}/invitation/respond', {
        params: { path: { caseId } },
        body: { accepted },
      }),
    ),
  buying: async (caseId, accepted) =>
    unwrap(
      await api().POST('/buying/{caseId}/invitation/respond', {
        params: { path: { caseId } },
        body: { accepted },
      }),
    ),
};

/**
 * POST /remortgaging/{caseId}/invitation/respond or POST /buying/{caseId}/invitation/respond
 * {accepted} (INVITE-05, INVITE-10) — the invitee's answer; the same answer again is harmless.
 */
export function respondToInvitation(
  kind: CaseKind,
  caseId: string,
  accepted: boolean,
): Promise<CaseMoved> {
  return POST_RESPOND[kind](caseId, accepted);
}

export function useRespondToInvitation(kind: CaseKind, caseId: string) {
  return useMutation({
    mutationKey: ['invitations', kind, caseId, 'respond'],
    mutationFn: (accepted: boolean) => respondToInvitation(kind, caseId, accepted),
  });
}
