import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { NameExplanation } from '../../../lib/api/types';

export interface ExplainInput {
  id: number;
  explanation: NameExplanation;
  evidenceDocumentId: number;
}

/**
 * DELETE /remortgaging/{caseId}/title-register-names/{id}?explanation&evidenceDocumentId → 204:
 * the name is explained with its evidence (uploaded first) and comes off the owners' list.
 */
export async function explainTitleRegisterName(caseId: string, input: ExplainInput) {
  const { id, explanation, evidenceDocumentId } = input;
  unwrap(
    await api().DELETE('/remortgaging/{caseId}/title-register-names/{id}', {
      params: { path: { caseId, id }, query: { explanation, evidenceDocumentId } },
    }),
  );
}

export function useExplainTitleRegisterName(caseId: string) {
  return useMutation({
    mutationKey: ['application', caseId, 'title-register-names', 'explain'],
    mutationFn: (input: ExplainInput) => explainTitleRegisterName(caseId, input),
  });
}
