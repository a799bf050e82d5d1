import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

/** DELETE /user-legal-name/{legalNameId} — removes one of the user's previous legal names. */
export async function deleteLegalName(legalNameId: number): Promise<void> {
  unwrap(
    await api().DELETE('/user-legal-name/{legalNameId}', {
      params: { path: { legalNameId } },
    }),
  );
}

export function useDeleteLegalName() {
  return useMutation({
    mutationKey: ['users', 'legal-name', 'delete'],
    mutationFn: deleteLegalName,
  });
}
