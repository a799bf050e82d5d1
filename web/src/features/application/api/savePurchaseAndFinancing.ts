import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { PurchaseBody } from '../../../lib/api/types';

/**
 * POST /buying/{caseId}/purchase-and-financing {depositAmount (pence), lender?} → 204. A deposit
 * above the purchase price → 422 on `depositAmount`; `lender` left out keeps the one chosen.
 */
export async function savePurchaseAndFinancing(caseId: string, body: PurchaseBody): Promise<void> {
  unwrap(
    await api().POST('/buying/{caseId}/purchase-and-financing', {
      params: { path: { caseId } },
      body,
    }),
  );
}

export function useSavePurchaseAndFinancing(caseId: string) {
  return useMutation({
    mutationKey: ['application', 'buying', caseId, 'purchase-and-financing'],
    mutationFn: (body: PurchaseBody) => savePurchaseAndFinancing(caseId, body),
  });
}
