import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { Created, OccupantsBody } from '../../../lib/api/types';

/**
 * POST /remortgaging/{caseId}/property-occupant {hasAdultOccupants, occupant?}: 201 {id} when an
 * occupant was added, else 204 (then `undefined`). `false` while occupants are listed → 409
 * `occupants_listed`.
 */
export async function savePropertyOccupant(
  caseId: string,
  body: OccupantsBody,
): Promise<Created | undefined> {
  return unwrap(
    await api().POST('/remortgaging/{caseId}/property-occupant', {
      params: { path: { caseId } },
      body,
    }),
  );
}

export function useSavePropertyOccupant(caseId: string) {
  return useMutation({
    mutationKey: ['application', caseId, 'occupants', 'save'],
    mutationFn: (body: OccupantsBody) => savePropertyOccupant(caseId, body),
  });
}
