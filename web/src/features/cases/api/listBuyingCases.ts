import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { BuyingCaseList, BuyingListQuery } from '../../../lib/api/types';
import { CASES_REFETCH_MS, LIST_FRESH_MS } from '../../../lib/constants';

/** GET /buying/cases — one page of the cases the user may see. */
export async function listBuyingCases(
  query: BuyingListQuery,
  signal?: AbortSignal,
): Promise<BuyingCaseList> {
  return unwrap(await api().GET('/buying/cases', { params: { query }, signal }));
}

export const buyingCasesQuery = (query: BuyingListQuery) =>
  queryOptions({
    queryKey: ['cases', 'buying', 'list', query],
    queryFn: ({ signal }) => listBuyingCases(query, signal),
    staleTime: LIST_FRESH_MS,
    refetchInterval: CASES_REFETCH_MS,
    placeholderData: keepPreviousData,
  });

export function useBuyingCases(query: BuyingListQuery, enabled = true) {
  return useQuery({ ...buyingCasesQuery(query), enabled });
}
