import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { GroundRentBody } from '../../../lib/api/types';

/**
 * POST /remortgaging/{caseId}/ground-rent {amount (pence), frequency} → 204. The server answers
 * 409 (`not_leasehold`) unless the property's tenure is LEASEHOLD, so it follows POST /property.
 */
export async function saveGroundRent(caseId: string, body: GroundRentBody): Promise<void> {
  unwrap(
    await api().POST('/remortgaging/{caseId}/ground-rent', { params: { path: { caseId } }, body }),
  );
}

export function useSaveGroundRent(caseId: string) {
  return useMutation({
    mutationKey: ['application', 'ground-rent', caseId],
    mutationFn: (body: GroundRentBody) => saveGroundRent(caseId, body),
  });
}
