import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { Lenders } from '../../../lib/api/types';

/** GET /lenders — the named UK lenders, then NO_LENDER. */
export async function getLenders(signal?: AbortSignal): Promise<Lenders> {
  return unwrap(await api().GET('/lenders', { signal }));
}

export const lendersQuery = () =>
  queryOptions({
    queryKey: ['lenders'],
    queryFn: ({ signal }) => getLenders(signal),
    staleTime: Infinity,
  });

export function useLenders() {
  return useQuery(lendersQuery());
}
