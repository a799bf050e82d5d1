import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { BuyingExpanded } from '../../../lib/api/types';
import { CASES_REFETCH_MS } from '../../../lib/constants';

/** GET /buying/case/{caseId}/expanded — the case with the engine's `view`. */
export async function getBuyingCase(caseId: string, signal?: AbortSignal): Promise<BuyingExpanded> {
  const result = await api().GET('/buying/case/{caseId}/expanded', {
    params: { path: { caseId } },
    signal,
  });
  return unwrap(result) as unknown as BuyingExpanded;
}

export const buyingCaseQuery = (caseId: string) =>
  queryOptions({
    queryKey: ['cases', 'buying', 'expanded', caseId],
    queryFn: ({ signal }) => getBuyingCase(caseId, signal),
    refetchInterval: CASES_REFETCH_MS,
  });

export function useBuyingCase(caseId: string) {
  return useQuery(buyingCaseQuery(caseId));
}
