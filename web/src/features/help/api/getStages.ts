import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { HowCasesProceed } from '../../../lib/api/types';

/** GET /help/stages — each case type's stages, read from the workflow files. */
export async function getStages(signal?: AbortSignal): Promise<HowCasesProceed> {
  return unwrap(await api().GET('/help/stages', { signal }));
}

export const stagesQuery = () =>
  queryOptions({
    queryKey: ['help', 'stages'],
    queryFn: ({ signal }) => getStages(signal),
    // The workflow files change with a release, not while a page is open.
    staleTime: Infinity,
  });

export function useStages() {
  return useQuery(stagesQuery());
}
