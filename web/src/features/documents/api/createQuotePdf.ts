import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { CaseRef, QuotePdf } from '../../../lib/api/types';

/**
 * POST /quote/create-pdf {caseType, caseId}: the case's latest quote as a PDF, stored as a
 * generated QUOTE document (the same quote answers the document it made before).
 */
export async function createQuotePdf(body: CaseRef): Promise<QuotePdf> {
  return unwrap(await api().POST('/quote/create-pdf', { body }));
}

export function useCreateQuotePdf() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['documents', 'quote-pdf'],
    mutationFn: createQuotePdf,
    // A new generated document: the lists that show documents are out of date.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['documents'] }),
  });
}
