import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { CaseCreated, RemortgagingCaseBody } from '../../../lib/api/types';

/**
 * POST /remortgaging/case/{caseId} with the case-creation body (no client) → 200 CaseCreated:
 * the key facts are replaced and the case re-quoted; the status may become INELIGIBLE, with the
 * reason. 409 when the application is past the point of changing key facts; 422 by field. The
 * query client refetches every query after it (the case, its quote), as after any write.
 */
export async function updateKeyFacts(
  caseId: string,
  body: RemortgagingCaseBody,
): Promise<CaseCreated> {
  return unwrap(
    await api().POST('/remortgaging/case/{caseId}', { params: { path: { caseId } }, body }),
  );
}

export function useUpdateKeyFacts(caseId: string) {
  return useMutation({
    mutationKey: ['application', caseId, 'key-facts', 'save'],
    mutationFn: (body: RemortgagingCaseBody) => updateKeyFacts(caseId, body),
  });
}
