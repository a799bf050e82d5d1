/**
 * The payment provider's checkout sends the buyer back to /buying/{caseId}/deposit with
 * `?payment=success` or `?payment=cancelled` (BUY-POST-12). The tile routes read it; any other
 * value is ignored. The router imports this file on its own (the tiles' screens load lazily).
 */
export type PaymentReturn = 'success' | 'cancelled';

export interface TileSearch {
  payment?: PaymentReturn;
}

export function parseTileSearch(search: Record<string, unknown>): TileSearch {
  const { payment } = search;
  return payment === 'success' || payment === 'cancelled' ? { payment } : {};
}
