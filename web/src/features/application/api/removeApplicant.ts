import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { CaseKind } from '../../cases';

/**
 * DELETE /remortgaging/{caseId}/applicants/{userId} or DELETE /buying/{caseId}/applicants/{userId}
 * → 204. The lead owner or buyer → 409 `lead_owner`.
 */
export async function removeApplicant(kind: CaseKind, caseId: string, userId: string) {
  await REMOVE[kind]({ path: { caseId, userId } });
}

type ApplicantsPath = { path: { caseId: string; userId: string } };

/** The path differs per case type (a record, so a new type cannot fall to another's path). */
const REMOVE: Record<CaseKind, (params: ApplicantsPath) => Promise<void>> = {
  remortgaging: async (params) =>
    unwrap(await api().DELETE('/remortgaging/{caseId}/applicants/{userId}', { params })),
  buying: async (params) =>
    unwrap(await api().DELETE('/buying/{caseId}/applicants/{userId}', { params })),
};

export function useRemoveApplicant(kind: CaseKind, caseId: string) {
  return useMutation({
    mutationKey: ['application', kind, caseId, 'owners', 'remove'],
    mutationFn: (userId: string) => removeApplicant(kind, caseId, userId),
  });
}
