import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import { CASES_REFETCH_MS } from '../../../lib/constants';
import type { CaseApi, CaseKind } from '../caseTypes';

type Expanded<K extends CaseKind> = CaseApi[K]['expanded'];

/** The path differs per case type; each answers its own expanded record. */
const GET_EXPANDED: {
  [K in CaseKind]: (caseId: string, signal?: AbortSignal) => Promise<Expanded<K>>;
} = {
  remortgaging: async (caseId, signal) =>
    unwrap(
      await api().GET('/remortgaging/cases/{caseId}/expanded', {
        params: { path: { caseId } },
        signal,
      }),
    ),
  buying: async (caseId, signal) =>
    unwrap(
      await api().GET('/buying/case/{caseId}/expanded', { params: { path: { caseId } }, signal }),
    ),
};

/**
 * GET /remortgaging/cases/{caseId}/expanded or GET /buying/case/{caseId}/expanded — the case
 * with the engine's `view`.
 */
export function getCase<K extends CaseKind>(
  kind: K,
  caseId: string,
  signal?: AbortSignal,
): Promise<Expanded<K>> {
  return GET_EXPANDED[kind](caseId, signal);
}

export const caseQuery = <K extends CaseKind>(kind: K, caseId: string) =>
  queryOptions({
    queryKey: ['cases', kind, 'expanded', caseId],
    queryFn: ({ signal }) => getCase(kind, caseId, signal),
    refetchInterval: CASES_REFETCH_MS,
  });

export function useCase<K extends CaseKind>(kind: K, caseId: string) {
  return useQuery(caseQuery(kind, caseId));
}
