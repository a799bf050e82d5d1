import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { CaseRef } from '../../../lib/api/types';

/** The longest message the server takes (api/src/cases/quote.rs). */
export const ISSUE_MESSAGE_LIMIT = 2000;

/**
 * POST /quote/{quoteId}/report-issue {caseType, caseId, message} (QUOTE-05) — a customer tells
 * the broker what is wrong with the quote; the broker gets an e-mail and a feed item.
 */
export async function reportQuoteIssue(
  quoteId: number,
  body: CaseRef & { message: string },
): Promise<void> {
  unwrap(
    await api().POST('/quote/{quoteId}/report-issue', { params: { path: { quoteId } }, body }),
  );
}

export function useReportQuoteIssue() {
  return useMutation({
    mutationKey: ['quotes', 'report-issue'],
    mutationFn: ({ quoteId, ...body }: CaseRef & { quoteId: number; message: string }) =>
      reportQuoteIssue(quoteId, body),
  });
}
