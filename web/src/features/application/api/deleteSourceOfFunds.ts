import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

/**
 * DELETE /buying/{caseId}/sources-of-funds/{sourceId} → 204. The last ISA source while ISAs of
 * its type are listed → 409 `isas_listed` (its message says to remove them first).
 */
export async function deleteSourceOfFunds(caseId: string, sourceId: number): Promise<void> {
  unwrap(
    await api().DELETE('/buying/{caseId}/sources-of-funds/{sourceId}', {
      params: { path: { caseId, sourceId } },
    }),
  );
}

export function useDeleteSourceOfFunds(caseId: string) {
  return useMutation({
    mutationKey: ['application', 'buying', caseId, 'sources-of-funds', 'delete'],
    mutationFn: (sourceId: number) => deleteSourceOfFunds(caseId, sourceId),
  });
}
