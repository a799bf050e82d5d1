import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { Created, RemovedOwnerBody } from '../../../lib/api/types';

/** POST /remortgaging/{caseId}/transfer-of-equity/removed-owners {fullName, email?} → 201 {id}. */
export async function addRemovedOwner(caseId: string, body: RemovedOwnerBody): Promise<Created> {
  return unwrap(
    await api().POST('/remortgaging/{caseId}/transfer-of-equity/removed-owners', {
      params: { path: { caseId } },
      body,
    }),
  );
}

export function useAddRemovedOwner(caseId: string) {
  return useMutation({
    mutationKey: ['application', caseId, 'transfer-of-equity', 'removed-owners', 'add'],
    mutationFn: (body: RemovedOwnerBody) => addRemovedOwner(caseId, body),
  });
}
