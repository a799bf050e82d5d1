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
export function addApplicant(kind: CaseKind, body: ApplicantBody): Promise<Created> {
  return ADD_APPLICANT[kind](body);
}

/** The path differs per case type (a record, so a new type cannot fall to another's path). */
const ADD_APPLICANT: Record<CaseKind, (body: ApplicantBody) => Promise<Created>> = {
  remortgaging: async (body) => unwrap(await api().POST('/remortgaging/applicant', { body })),
  buying: async (body) => unwrap(await api().POST('/buying/applicant', { body })),
};

export function useAddApplicant(kind: CaseKind) {
  return useMutation({
    mutationKey: ['application', kind, 'owners', 'add'],
    mutationFn: (body: ApplicantBody) => addApplicant(kind, body),
  });
}
