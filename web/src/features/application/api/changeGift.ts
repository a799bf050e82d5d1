import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

/** A donor's gift, changed: the donor and the new amount in pence (more than 0). */
export interface GiftChange {
  donorId: number;
  giftAmount: number;
}

/**
 * POST /buying/{caseId}/donor/{donorId} {giftAmount} → 204: the gift changes, and a donor who had
 * answered is asked again. 422 `giftAmount`; 409 `section_closed`; 404 not the case's donor.
 */
export async function changeGift(caseId: string, { donorId, giftAmount }: GiftChange) {
  unwrap(
    await api().POST('/buying/{caseId}/donor/{donorId}', {
      params: { path: { caseId, donorId } },
      body: { giftAmount },
    }),
  );
}

export function useChangeGift(caseId: string) {
  return useMutation({
    mutationKey: ['application', 'buying', caseId, 'donors', 'change'],
    mutationFn: (change: GiftChange) => changeGift(caseId, change),
  });
}
