/**
 * Providers send the customer back to a tile with a marker in the query string: the payment
 * provider's checkout to /buying/{caseId}/deposit with `?payment=success` or
 * `?payment=cancelled` (BUY-POST-12), the identity provider's check to
 * /{caseType}/{caseId}/identification with `?check=done`. The router parses them for the tile
 * routes; any other value is ignored. It lives beside the router, not in features/tiles, so the
 * tiles' screens still load lazily.
 */
export type PaymentReturn = 'success' | 'cancelled';

export interface TileSearch {
  payment?: PaymentReturn;
  check?: 'done';
}

export function parseTileSearch(search: Record<string, unknown>): TileSearch {
  const { payment, check } = search;
  return {
    ...(payment === 'success' || payment === 'cancelled' ? { payment } : {}),
    ...(check === 'done' ? { check } : {}),
  };
}
