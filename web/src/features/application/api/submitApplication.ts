import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { CaseMoved } from '../../../lib/api/types';
import type { CaseKind } from '../../cases';

/**
 * POST /remortgaging/{caseId}/submit or POST /buying/{caseId}/submit → 200 {caseId, caseType,
 * status}: the workflow's `submit_application` transition (a purchase moves to
 * PREPARE_CLIENT_CARE_LETTER). Not ready → 409 `not_ready` with the engine's reason; brokers → 403;
 * the declaration not confirmed → 422 naming `declarationConfirmed`.
 */
export function submitApplication(kind: CaseKind, caseId: string): Promise<CaseMoved> {
  return SUBMIT[kind]({ path: { caseId } });
}

const body = { declarationConfirmed: true };

/** The path differs per case type (a record, so a new type cannot fall to another's path). */
const SUBMIT: Record<CaseKind, (params: { path: { caseId: string } }) => Promise<CaseMoved>> = {
  remortgaging: async (params) =>
    unwrap(await api().POST('/remortgaging/{caseId}/submit', { params, body })),
  buying: async (params) => unwrap(await api().POST('/buying/{caseId}/submit', { params, body })),
};

export function useSubmitApplication(kind: CaseKind, caseId: string) {
  return useMutation({
    mutationKey: ['application', kind, 'submit', caseId],
    mutationFn: () => submitApplication(kind, caseId),
  });
}
