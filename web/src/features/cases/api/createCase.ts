import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { CaseCreated } from '../../../lib/api/types';
import type { CaseApi, CaseKind } from '../caseTypes';

type CaseBody<K extends CaseKind> = CaseApi[K]['body'];

const POST_CASE: { [K in CaseKind]: (body: CaseBody<K>) => Promise<CaseCreated> } = {
  remortgaging: async (body) => unwrap(await api().POST('/remortgaging/case', { body })),
  buying: async (body) => unwrap(await api().POST('/buying/case', { body })),
};

/**
 * POST /remortgaging/case or POST /buying/case — create (INELIGIBLE with the reason when the key
 * facts rule it out).
 */
export function createCase<K extends CaseKind>(kind: K, body: CaseBody<K>): Promise<CaseCreated> {
  return POST_CASE[kind](body);
}

export function useCreateCase<K extends CaseKind>(kind: K) {
  return useMutation({
    mutationKey: ['cases', kind, 'create'],
    mutationFn: (body: CaseBody<K>) => createCase(kind, body),
  });
}
