import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { Created, SourceOfFundsBody } from '../../../lib/api/types';

/**
 * POST /buying/{caseId}/sources-of-funds {sourceType, amount? (pence)} → 201 {id}. The server
 * keeps the required documents in line: each kind of source asks for its evidence.
 */
export async function addSourceOfFunds(caseId: string, body: SourceOfFundsBody): Promise<Created> {
  return unwrap(
    await api().POST('/buying/{caseId}/sources-of-funds', { params: { path: { caseId } }, body }),
  );
}

export function useAddSourceOfFunds(caseId: string) {
  return useMutation({
    mutationKey: ['application', 'buying', caseId, 'sources-of-funds', 'add'],
    mutationFn: (body: SourceOfFundsBody) => addSourceOfFunds(caseId, body),
  });
}
