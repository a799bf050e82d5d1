import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

/** POST /remortgaging/{caseId}/property-occupants/{occupantId}/delete → 204. */
export async function deletePropertyOccupant(caseId: string, occupantId: number): Promise<void> {
  unwrap(
    await api().POST('/remortgaging/{caseId}/property-occupants/{occupantId}/delete', {
      params: { path: { caseId, occupantId } },
    }),
  );
}

export function useDeletePropertyOccupant(caseId: string) {
  return useMutation({
    mutationKey: ['application', caseId, 'occupants', 'delete'],
    mutationFn: (occupantId: number) => deletePropertyOccupant(caseId, occupantId),
  });
}
