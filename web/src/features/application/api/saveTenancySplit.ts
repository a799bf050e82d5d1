import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { TenancySplitBody } from '../../../lib/api/types';

/**
 * POST /tenancy-split {caseType, caseId, shares: [{applicantId, percentage}]} → 204: how tenants
 * in common share the property, one share per owner adding up to 100.
 */
export async function saveTenancySplit(body: TenancySplitBody): Promise<void> {
  unwrap(await api().POST('/tenancy-split', { body }));
}

export function useSaveTenancySplit(caseId: string) {
  return useMutation({
    mutationKey: ['application', caseId, 'owners', 'tenancy-split'],
    mutationFn: saveTenancySplit,
  });
}
