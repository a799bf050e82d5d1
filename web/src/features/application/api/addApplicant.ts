import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { ApplicantBody, Created } from '../../../lib/api/types';
import type { CaseKind } from '../../cases';

/**
 * POST /remortgaging/applicant or POST /buying/applicant {caseId, preferredName, email} → 201
 * {id}: adds a co-owner or co-buyer, who is invited by e-mail. 409 `already_on_case` when the
 * e-mail is already on the case.
 */
export async function addApplicant(kind: CaseKind, body: ApplicantBody): Promise<Created> {
  return unwrap(
    kind === 'buying'
      ? await api().POST('/buying/applicant', { body })
      : await api().POST('/remortgaging/applicant', { body }),
  );
}

export function useAddApplicant(kind: CaseKind) {
  return useMutation({
    mutationKey: ['application', kind, 'owners', 'add'],
    mutationFn: (body: ApplicantBody) => addApplicant(kind, body),
  });
}
