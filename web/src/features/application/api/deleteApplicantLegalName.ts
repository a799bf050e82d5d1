import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { CaseKind } from '../../cases';

/**
 * DELETE /remortgaging/{caseId}/applicant/{applicantId}/legal-name/{legalNameId} or
 * DELETE /buying/{caseId}/applicant/{applicantId}/legal-name/{legalNameId} → 204 (CALLS-71,
 * CALLS-74): one of an owner's or buyer's previous legal names. Only that person, or the case's
 * broker in a broker stage (otherwise 409 `section_closed`); the current name → 409
 * `current_legal_name`.
 */
export async function deleteApplicantLegalName(
  kind: CaseKind,
  caseId: string,
  applicantId: number,
  legalNameId: number,
): Promise<void> {
  await DELETE_LEGAL_NAME[kind]({ path: { caseId, applicantId, legalNameId } });
}

type LegalNamePath = { path: { caseId: string; applicantId: number; legalNameId: number } };

/** The path differs per case type (a record, so a new type cannot fall to another's path). */
const DELETE_LEGAL_NAME: Record<CaseKind, (params: LegalNamePath) => Promise<void>> = {
  remortgaging: async (params) =>
    unwrap(
      await api().DELETE(
        '/remortgaging/{caseId}/applicant/{applicantId}/legal-name/{legalNameId}',
        { params },
      ),
    ),
  buying: async (params) =>
    unwrap(
      await api().DELETE('/buying/{caseId}/applicant/{applicantId}/legal-name/{legalNameId}', {
        params,
      }),
    ),
};

/** Every successful write refetches every query (lib/queryClient), the case among them. */
export function useDeleteApplicantLegalName(kind: CaseKind, caseId: string, applicantId: number) {
  return useMutation({
    mutationKey: ['application', kind, caseId, 'owners', applicantId, 'legal-name', 'delete'],
    mutationFn: (legalNameId: number) =>
      deleteApplicantLegalName(kind, caseId, applicantId, legalNameId),
  });
}
