import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { SourceOfFundsDetailsRequest } from '../../../lib/api/types';
import { caseQuery } from '../../cases';

/**
 * PUT /buying/{caseId}/sources-of-funds/{sourceId}/details {origin, builtUpOver, accountHolder}
 * → 204: the buyer's account of how the money was built up. 422 names the fields it refuses; 409
 * says why the source cannot be described now (accepted already, the case closed).
 */
export async function saveSourceDetails(
  caseId: string,
  sourceId: number,
  body: SourceOfFundsDetailsRequest,
): Promise<void> {
  unwrap(
    await api().PUT('/buying/{caseId}/sources-of-funds/{sourceId}/details', {
      params: { path: { caseId, sourceId } },
      body,
    }),
  );
}

/** The save, done once the case (with the source's new state) has been read again. */
export function useSaveSourceDetails(caseId: string, sourceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['sourceOfFunds', caseId, sourceId, 'details'],
    mutationFn: (body: SourceOfFundsDetailsRequest) => saveSourceDetails(caseId, sourceId, body),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: caseQuery('buying', caseId).queryKey }),
  });
}
