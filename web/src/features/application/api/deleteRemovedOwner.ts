import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

/** DELETE /remortgaging/{caseId}/transfer-of-equity/removed-owners/{removedOwnerId} → 204. */
export async function deleteRemovedOwner(caseId: string, removedOwnerId: number): Promise<void> {
  unwrap(
    await api().DELETE(
      '/remortgaging/{caseId}/transfer-of-equity/removed-owners/{removedOwnerId}',
      {
        params: { path: { caseId, removedOwnerId } },
      },
    ),
  );
}

export function useDeleteRemovedOwner(caseId: string) {
  return useMutation({
    mutationKey: ['application', caseId, 'transfer-of-equity', 'removed-owners', 'delete'],
    mutationFn: (removedOwnerId: number) => deleteRemovedOwner(caseId, removedOwnerId),
  });
}
