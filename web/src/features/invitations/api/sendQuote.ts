import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { CaseMoved, CaseRef } from '../../../lib/api/types';

/**
 * POST /quote/send {caseType, caseId} (QUOTE-12) — a broker of the case sends the quote and
 * invitation to the lead customer (BROKER_APPLICATION → BROKER_APPLICATION_INVITE).
 */
export async function sendQuote(body: CaseRef): Promise<CaseMoved> {
  return unwrap(await api().POST('/quote/send', { body }));
}

export function useSendQuote() {
  return useMutation({ mutationKey: ['quotes', 'send'], mutationFn: sendQuote });
}
