import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { Created, LoansBody } from '../../../lib/api/types';

/**
 * POST /loans {caseType, caseId, hasLoans, loan?}: 201 {id} when a loan is added, else 204 (null
 * here). `hasLoans: false` while loans are listed is refused (409 `loans_listed`).
 */
export async function saveLoans(body: LoansBody): Promise<Created | null> {
  const result = await api().POST('/loans', { body });
  const data = unwrap(result);
  return result.response.status === 201 ? (data as Created) : null;
}

export function useSaveLoans() {
  return useMutation({ mutationKey: ['application', 'loans'], mutationFn: saveLoans });
}
