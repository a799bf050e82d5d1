import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { BuyingCaseBody, CaseCreated, RemortgagingCaseBody } from '../../../lib/api/types';

/** The new key facts of a case, with the case type they are for. */
export type KeyFactsUpdate =
  { kind: 'remortgaging'; body: RemortgagingCaseBody } | { kind: 'buying'; body: BuyingCaseBody };

/**
 * POST /remortgaging/case/{caseId} or POST /buying/case/{caseId} with the case-creation body (no
 * client) → 200 CaseCreated: the key facts are replaced and the case re-quoted; the status may
 * become INELIGIBLE, with the reason. 409 when the application is past the point of changing
 * key facts; 422 by field. The query client refetches every query after it (the case, its
 * quote), as after any write.
 */
export async function updateKeyFacts(caseId: string, update: KeyFactsUpdate): Promise<CaseCreated> {
  const params = { path: { caseId } };
  switch (update.kind) {
    case 'remortgaging':
      return unwrap(await api().POST('/remortgaging/case/{caseId}', { params, body: update.body }));
    case 'buying':
      return unwrap(await api().POST('/buying/case/{caseId}', { params, body: update.body }));
  }
}

export function useUpdateKeyFacts(caseId: string) {
  return useMutation({
    mutationKey: ['application', caseId, 'key-facts', 'save'],
    mutationFn: (update: KeyFactsUpdate) => updateKeyFacts(caseId, update),
  });
}
