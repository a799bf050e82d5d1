import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

/** DELETE /isas/{isaId} → 204 (the section of the ISA's case is checked). */
export async function deleteIsa(isaId: number): Promise<void> {
  unwrap(await api().DELETE('/isas/{isaId}', { params: { path: { isaId } } }));
}

export function useDeleteIsa() {
  return useMutation({ mutationKey: ['application', 'isas', 'delete'], mutationFn: deleteIsa });
}
