import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { Quote } from '../../../lib/api/types';
import type { CaseKind } from '../../cases';

const GET_LATEST: Record<CaseKind, (caseId: string, signal?: AbortSignal) => Promise<Quote>> = {
  remortgaging: async (caseId, signal) =>
    unwrap(
      await api().GET('/remortgaging/{caseId}/quote/latest', {
        params: { path: { caseId } },
        signal,
      }),
    ),
  buying: async (caseId, signal) =>
    unwrap(
      await api().GET('/buying/{caseId}/quote/latest', { params: { path: { caseId } }, signal }),
    ),
};

/**
 * GET /remortgaging/{caseId}/quote/latest or GET /buying/{caseId}/quote/latest (QUOTE-11) —
 * the case's latest quote; 404 when there is none.
 */
export function getLatestQuote(kind: CaseKind, caseId: string, signal?: AbortSignal) {
  return GET_LATEST[kind](caseId, signal);
}

export const latestQuoteQuery = (kind: CaseKind, caseId: string) =>
  queryOptions({
    queryKey: ['cases', kind, 'quote', caseId],
    queryFn: ({ signal }) => getLatestQuote(kind, caseId, signal),
  });

export function useLatestQuote(kind: CaseKind, caseId: string) {
  return useQuery(latestQuoteQuery(kind, caseId));
}
