import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { ApplicantBody, Created } from '../../../lib/api/types';

/**
 * POST /remortgaging/applicant {caseId, preferredName, email} → 201 {id}: adds a co-owner, who is
 * invited by e-mail. 409 `already_on_case` when the e-mail is already an owner of the case.
 */
export async function addApplicant(body: ApplicantBody): Promise<Created> {
  return unwrap(await api().POST('/remortgaging/applicant', { body }));
}

export function useAddApplicant() {
  return useMutation({ mutationKey: ['application', 'owners', 'add'], mutationFn: addApplicant });
}
