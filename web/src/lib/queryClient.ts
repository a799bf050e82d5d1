import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, isAbortError } from './api/errors';
import { QUERY_GC_MS, QUERY_RETRIES, QUERY_STALE_MS } from './constants';
import { reportError } from './errorReporter';

/** Retry up to 3 times, but never for answers that will not change (4xx) or aborted requests. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= QUERY_RETRIES) return false;
  if (isAbortError(error)) return false;
  if (error instanceof ApiError && error.status < 500) return false;
  return true;
}

/** The spec's cache rules (section 7, Data cache behaviour). */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => reportError(error, { queryKey: query.queryKey }),
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) =>
        reportError(error, { mutationKey: mutation.options.mutationKey }),
      // After each successful mutation every query is refetched, but for a call that changes
      // nothing the server keeps (a question to the assistant), marked `meta: { readOnly: true }`.
      onSuccess: (_data, _vars, _ctx, mutation) =>
        mutation.meta?.readOnly === true ? undefined : client.invalidateQueries(),
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        staleTime: QUERY_STALE_MS,
        gcTime: QUERY_GC_MS,
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
      },
      mutations: { retry: 0 },
    },
  });
  return client;
}
