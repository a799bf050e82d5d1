import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { ApplicantDetailsBody } from '../../../lib/api/types';

/**
 * POST /remortgaging/{caseId}/applicant/{applicantId} → 204: an owner's case details (address
 * line 1, occupation, National Insurance number, UK resident). Only that owner, or a broker in a
 * broker stage.
 */
export async function saveApplicantDetails(
  caseId: string,
  applicantId: number,
  body: ApplicantDetailsBody,
): Promise<void> {
  unwrap(
    await api().POST('/remortgaging/{caseId}/applicant/{applicantId}', {
      params: { path: { caseId, applicantId } },
      body,
    }),
  );
}

export function useSaveApplicantDetails(caseId: string, applicantId: number) {
  return useMutation({
    mutationKey: ['application', caseId, 'owners', applicantId, 'details'],
    mutationFn: (body: ApplicantDetailsBody) => saveApplicantDetails(caseId, applicantId, body),
  });
}
