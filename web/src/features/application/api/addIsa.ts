import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { Created, IsaBody } from '../../../lib/api/types';

/**
 * POST /isas {caseType: BUYING, caseId, isaType, amount?, applicantId?} → 201 {id}. An ISA
 * whose type is not listed as a source of funds → 409 `no_isa_source`.
 */
export async function addIsa(body: IsaBody): Promise<Created> {
  return unwrap(await api().POST('/isas', { body }));
}

export function useAddIsa() {
  return useMutation({ mutationKey: ['application', 'isas', 'add'], mutationFn: addIsa });
}
