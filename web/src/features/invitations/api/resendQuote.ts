import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { CaseRef } from '../../../lib/api/types';

/**
 * POST /quote/resend/{applicantId} {caseType, caseId} (QUOTE-12) — the invitation e-mail and
 * feed item go to that applicant again. 204.
 */
export async function resendQuote(applicantId: number, body: CaseRef): Promise<void> {
  unwrap(
    await api().POST('/quote/resend/{applicantId}', {
      params: { path: { applicantId } },
      body,
    }),
  );
}

export function useResendQuote() {
  return useMutation({
    mutationKey: ['quotes', 'resend'],
    mutationFn: ({ applicantId, ...body }: CaseRef & { applicantId: number }) =>
      resendQuote(applicantId, body),
  });
}
