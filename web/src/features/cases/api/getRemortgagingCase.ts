import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { RemortgagingExpanded } from '../../../lib/api/types';
import { CASES_REFETCH_MS } from '../../../lib/constants';

/** GET /remortgaging/cases/{caseId}/expanded — the case with the engine's `view`. */
export async function getRemortgagingCase(
  caseId: string,
  signal?: AbortSignal,
): Promise<RemortgagingExpanded> {
  const result = await api().GET('/remortgaging/cases/{caseId}/expanded', {
    params: { path: { caseId } },
    signal,
  });
  return unwrap(result) as unknown as RemortgagingExpanded;
}

export const remortgagingCaseQuery = (caseId: string) =>
  queryOptions({
    queryKey: ['cases', 'remortgaging', 'expanded', caseId],
    queryFn: ({ signal }) => getRemortgagingCase(caseId, signal),
    refetchInterval: CASES_REFETCH_MS,
  });

export function useRemortgagingCase(caseId: string) {
  return useQuery(remortgagingCaseQuery(caseId));
}
