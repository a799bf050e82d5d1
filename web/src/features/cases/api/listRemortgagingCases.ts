import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { RemortgagingCaseList, RemortgagingListQuery } from '../../../lib/api/types';
import { CASES_REFETCH_MS, LIST_FRESH_MS } from '../../../lib/constants';

/** GET /remortgaging/cases — one page of the cases the user may see. */
export async function listRemortgagingCases(
  query: RemortgagingListQuery,
  signal?: AbortSignal,
): Promise<RemortgagingCaseList> {
  return unwrap(await api().GET('/remortgaging/cases', { params: { query }, signal }));
}

export const remortgagingCasesQuery = (query: RemortgagingListQuery) =>
  queryOptions({
    queryKey: ['cases', 'remortgaging', 'list', query],
    queryFn: ({ signal }) => listRemortgagingCases(query, signal),
    staleTime: LIST_FRESH_MS,
    refetchInterval: CASES_REFETCH_MS,
    placeholderData: keepPreviousData,
  });

export function useRemortgagingCases(query: RemortgagingListQuery, enabled = true) {
  return useQuery({ ...remortgagingCasesQuery(query), enabled });
}
