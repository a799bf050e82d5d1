import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { CaseOverviews } from '../../../lib/api/types';

/** GET /case-overviews — counts of the cases the user can see, per case type. */
export async function getCaseOverviews(signal?: AbortSignal): Promise<CaseOverviews> {
  return unwrap(await api().GET('/case-overviews', { signal }));
}

export const caseOverviewsQuery = () =>
  queryOptions({
    queryKey: ['cases', 'overviews'],
    queryFn: ({ signal }) => getCaseOverviews(signal),
  });

export function useCaseOverviews() {
  return useQuery(caseOverviewsQuery());
}
