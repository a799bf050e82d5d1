import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

/** DELETE /loans/{loanId} → 204 (the section of the loan's case is checked). */
export async function deleteLoan(loanId: number): Promise<void> {
  unwrap(await api().DELETE('/loans/{loanId}', { params: { path: { loanId } } }));
}

export function useDeleteLoan() {
  return useMutation({ mutationKey: ['application', 'loans', 'delete'], mutationFn: deleteLoan });
}
