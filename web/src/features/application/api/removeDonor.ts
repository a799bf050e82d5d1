import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

/** DELETE /buying/{caseId}/donor/{donorId} → 204, with the gift and the donor's invitation. */
export async function removeDonor(caseId: string, donorId: number): Promise<void> {
  unwrap(
    await api().DELETE('/buying/{caseId}/donor/{donorId}', {
      params: { path: { caseId, donorId } },
    }),
  );
}

export function useRemoveDonor(caseId: string) {
  return useMutation({
    mutationKey: ['application', 'buying', caseId, 'donors', 'delete'],
    mutationFn: (donorId: number) => removeDonor(caseId, donorId),
  });
}
