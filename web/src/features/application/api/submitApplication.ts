import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { CaseMoved } from '../../../lib/api/types';

/**
 * POST /remortgaging/{caseId}/submit → 200 {caseId, caseType, status}: the workflow's
 * `submit_application` transition. Not ready → 409 with the engine's reason.
 */
export async function submitApplication(caseId: string): Promise<CaseMoved> {
  return unwrap(
    await api().POST('/remortgaging/{caseId}/submit', { params: { path: { caseId } } }),
  );
}

export function useSubmitApplication(caseId: string) {
  return useMutation({
    mutationKey: ['application', 'submit', caseId],
    mutationFn: () => submitApplication(caseId),
  });
}
