import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { CaseMoved, CaseRef } from '../../../lib/api/types';

/**
 * POST /quote/{quoteId}/accept {caseType, caseId} (INVITE-07) — a customer of the case accepts
 * its latest quote; accepting again is harmless.
 */
export async function acceptQuote(quoteId: number, body: CaseRef): Promise<CaseMoved> {
  return unwrap(
    await api().POST('/quote/{quoteId}/accept', { params: { path: { quoteId } }, body }),
  );
}

export function useAcceptQuote() {
  return useMutation({
    mutationKey: ['quotes', 'accept'],
    mutationFn: ({ quoteId, ...body }: CaseRef & { quoteId: number }) => acceptQuote(quoteId, body),
  });
}
