import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { StaffSourceReviewRequest } from '../types';
import { staffCaseQuery } from './case';
import { staffUnwrap } from './client';

/**
 * POST /staff/cases/buying/{caseId}/sources-of-funds/{sourceId}/review {outcome, reason?} → 204
 * (issue 33, SOF feature): the firm accepts a purchase's source of funds, or asks the buyer for
 * more with its reason. The case is read again before the call counts as done.
 */
export async function reviewSourceOfFunds(
  caseId: string,
  sourceId: number,
  body: StaffSourceReviewRequest,
): Promise<void> {
  staffUnwrap(
    await api().POST('/staff/cases/{caseType}/{caseId}/sources-of-funds/{sourceId}/review', {
      params: { path: { caseType: 'buying', caseId, sourceId: String(sourceId) } },
      body,
    }),
  );
}

export function useReviewSourceOfFunds(caseId: string, sourceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['staff', 'sources-of-funds', caseId, sourceId, 'review'],
    mutationFn: (body: StaffSourceReviewRequest) => reviewSourceOfFunds(caseId, sourceId, body),
    onSuccess: () =>
      queryClient.refetchQueries({ queryKey: staffCaseQuery('buying', caseId).queryKey }),
  });
}
