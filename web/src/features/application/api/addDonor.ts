import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { AddDonorBody, Created } from '../../../lib/api/types';

/**
 * POST /buying/{caseId}/donor {preferredName, email, giftAmount} → 201 {id}: the donor is
 * e-mailed and asked in their feed to confirm the gift. Without a GIFTS source → 409
 * `no_gift_source`; a buyer or donor already on the case → 409 `already_on_case`.
 */
export async function addDonor(caseId: string, body: AddDonorBody): Promise<Created> {
  return unwrap(await api().POST('/buying/{caseId}/donor', { params: { path: { caseId } }, body }));
}

export function useAddDonor(caseId: string) {
  return useMutation({
    mutationKey: ['application', 'buying', caseId, 'donors', 'add'],
    mutationFn: (body: AddDonorBody) => addDonor(caseId, body),
  });
}
