import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { CaseCreated, RemortgagingCaseBody } from '../../../lib/api/types';

/** POST /remortgaging/case — create (INELIGIBLE with the reason when the key facts rule it out). */
export async function createRemortgagingCase(body: RemortgagingCaseBody): Promise<CaseCreated> {
  return unwrap(await api().POST('/remortgaging/case', { body }));
}

export function useCreateRemortgagingCase() {
  return useMutation({
    mutationKey: ['cases', 'remortgaging', 'create'],
    mutationFn: createRemortgagingCase,
  });
}
