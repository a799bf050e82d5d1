import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { BuyingCaseBody, CaseCreated } from '../../../lib/api/types';

/** POST /buying/case — create (INELIGIBLE with the reason when the key facts rule it out). */
export async function createBuyingCase(body: BuyingCaseBody): Promise<CaseCreated> {
  return unwrap(await api().POST('/buying/case', { body }));
}

export function useCreateBuyingCase() {
  return useMutation({ mutationKey: ['cases', 'buying', 'create'], mutationFn: createBuyingCase });
}
