import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { DonorEvidence, DonorGift } from '../../../lib/api/types';

/**
 * GET /donor-evidence/buying/{caseId}: for a donor, their own gift (the buyer's name, the
 * property and the amount) — all of the buyers' case a donor ever sees. The buyers and their
 * broker are answered every gift of the case.
 */
export async function getDonorEvidence(
  caseId: string,
  signal?: AbortSignal,
): Promise<DonorEvidence> {
  return unwrap(
    await api().GET('/donor-evidence/{caseType}/{caseId}', {
      params: { path: { caseType: 'buying', caseId } },
      signal,
    }),
  );
}

export const donorEvidenceQuery = (caseId: string) =>
  queryOptions({
    queryKey: ['donor-evidence', 'buying', caseId],
    queryFn: ({ signal }) => getDonorEvidence(caseId, signal),
  });

/**
 * The signed-in donor's gift: the only one a donor is answered, or — when `email` is given — the
 * one made out to that address (a buyer asking is answered every gift of the case).
 */
export function useDonorGift(caseId: string, enabled: boolean, email?: string) {
  return useQuery({
    ...donorEvidenceQuery(caseId),
    enabled,
    select: (evidence): DonorGift | null =>
      (email === undefined
        ? evidence.gifts[0]
        : evidence.gifts.find((g) => g.donorEmail.toLowerCase() === email.toLowerCase())) ?? null,
  });
}
