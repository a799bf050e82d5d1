import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { ApplicantDetailsBody } from '../../../lib/api/types';
import type { CaseKind } from '../../cases';

/**
 * POST /remortgaging/{caseId}/applicant/{applicantId} or POST /buying/{caseId}/applicant/{applicantId}
 * → 204: an owner's or buyer's case details (address line 1, occupation, National Insurance
 * number, UK resident; the whole form, a field left out is cleared). Only that person, or a
 * broker in a broker stage.
 */
export async function saveApplicantDetails(
  kind: CaseKind,
  caseId: string,
  applicantId: number,
  body: ApplicantDetailsBody,
): Promise<void> {
  await SAVE_DETAILS[kind]({ path: { caseId, applicantId } }, body);
}

type ApplicantPath = { path: { caseId: string; applicantId: number } };

/** The path differs per case type (a record, so a new type cannot fall to another's path). */
const SAVE_DETAILS: Record<
  CaseKind,
  (params: ApplicantPath, body: ApplicantDetailsBody) => Promise<void>
> = {
  remortgaging: async (params, body) =>
    unwrap(await api().POST('/remortgaging/{caseId}/applicant/{applicantId}', { params, body })),
  buying: async (params, body) =>
    unwrap(await api().POST('/buying/{caseId}/applicant/{applicantId}', { params, body })),
};

export function useSaveApplicantDetails(kind: CaseKind, caseId: string, applicantId: number) {
  return useMutation({
    mutationKey: ['application', kind, caseId, 'owners', applicantId, 'details'],
    mutationFn: (body: ApplicantDetailsBody) =>
      saveApplicantDetails(kind, caseId, applicantId, body),
  });
}
