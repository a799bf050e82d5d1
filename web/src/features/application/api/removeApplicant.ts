import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

/** DELETE /remortgaging/{caseId}/applicants/{userId} → 204. The lead owner → 409 `lead_owner`. */
export async function removeApplicant(caseId: string, userId: string): Promise<void> {
  unwrap(
    await api().DELETE('/remortgaging/{caseId}/applicants/{userId}', {
      params: { path: { caseId, userId } },
    }),
  );
}

export function useRemoveApplicant(caseId: string) {
  return useMutation({
    mutationKey: ['application', caseId, 'owners', 'remove'],
    mutationFn: (userId: string) => removeApplicant(caseId, userId),
  });
}
