import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { FoundAddress } from '../../../lib/api/types';

/** GET /address-lookup?postcode= → the addresses at a UK postcode (empty when none). */
export async function addressesAt(postcode: string): Promise<FoundAddress[]> {
  const list = unwrap(await api().GET('/address-lookup', { params: { query: { postcode } } }));
  return list.addresses;
}

/** GET /address-lookup/{id} → one address from the postcode's list, in full. */
export async function addressById(id: string): Promise<FoundAddress> {
  return unwrap(await api().GET('/address-lookup/{id}', { params: { path: { id } } }));
}
