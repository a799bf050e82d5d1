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
export async function submitApplication(kind: CaseKind, caseId: string): Promise<CaseMoved> {
  const params = { path: { caseId } };
  const body = { declarationConfirmed: true };
  return unwrap(
    kind === 'buying'
      ? await api().POST('/buying/{caseId}/submit', { params, body })
      : await api().POST('/remortgaging/{caseId}/submit', { params, body }),
  );
}

export function useSubmitApplication(kind: CaseKind, caseId: string) {
  return useMutation({
    mutationKey: ['application', kind, 'submit', caseId],
    mutationFn: () => submitApplication(kind, caseId),
  });
}
