import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import { CASES_REFETCH_MS, LIST_FRESH_MS } from '../../../lib/constants';
import type { CaseApi, CaseKind } from '../caseTypes';

type ListQuery<K extends CaseKind> = CaseApi[K]['listQuery'];
type CaseList<K extends CaseKind> = CaseApi[K]['list'];

const GET_LIST: {
  [K in CaseKind]: (query: ListQuery<K>, signal?: AbortSignal) => Promise<CaseList<K>>;
} = {
  remortgaging: async (query, signal) =>
    unwrap(await api().GET('/remortgaging/cases', { params: { query }, signal })),
  buying: async (query, signal) =>
    unwrap(await api().GET('/buying/cases', { params: { query }, signal })),
};

/** GET /remortgaging/cases or GET /buying/cases — one page of the cases the user may see. */
export function listCases<K extends CaseKind>(
  kind: K,
  query: ListQuery<K>,
  signal?: AbortSignal,
): Promise<CaseList<K>> {
  return GET_LIST[kind](query, signal);
}

export const casesQuery = <K extends CaseKind>(kind: K, query: ListQuery<K>) =>
  queryOptions({
    queryKey: ['cases', kind, 'list', query],
    queryFn: ({ signal }) => listCases(kind, query, signal),
    staleTime: LIST_FRESH_MS,
    refetchInterval: CASES_REFETCH_MS,
    placeholderData: keepPreviousData,
  });

export function useCases<K extends CaseKind>(kind: K, query: ListQuery<K>) {
  return useQuery(casesQuery(kind, query));
}
