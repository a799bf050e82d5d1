import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { DonorGift } from '../../../lib/api/types';

/**
 * GET /donor-evidence/buying/{caseId}: for a donor, their own gift (the buyer's name, the
 * property and the amount) — all of the buyers' case a donor ever sees.
 */
export async function getDonorGift(
  caseId: string,
  signal?: AbortSignal,
): Promise<DonorGift | null> {
  const evidence = unwrap(
    await api().GET('/donor-evidence/{caseType}/{caseId}', {
      params: { path: { caseType: 'buying', caseId } },
      signal,
    }),
  );
  return evidence.gifts[0] ?? null;
}

export const donorGiftQuery = (caseId: string) =>
  queryOptions({
    queryKey: ['donor-evidence', 'buying', caseId],
    queryFn: ({ signal }) => getDonorGift(caseId, signal),
  });

export function useDonorGift(caseId: string, enabled: boolean) {
  return useQuery({ ...donorGiftQuery(caseId), enabled });
}
