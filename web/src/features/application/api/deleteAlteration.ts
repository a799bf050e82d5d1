import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

/** POST /remortgaging/{caseId}/property/alterations/{alterationId}/delete → 204. */
export async function deleteAlteration(caseId: string, alterationId: number): Promise<void> {
  unwrap(
    await api().POST('/remortgaging/{caseId}/property/alterations/{alterationId}/delete', {
      params: { path: { caseId, alterationId } },
    }),
  );
}

export function useDeleteAlteration(caseId: string) {
  return useMutation({
    mutationKey: ['application', 'alterations', 'delete', caseId],
    mutationFn: (alterationId: number) => deleteAlteration(caseId, alterationId),
  });
}
