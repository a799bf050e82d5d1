import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { Schemas, TransferOfEquityBody } from '../../../lib/api/types';

export type TransferOfEquitySaved = Schemas['TransferOfEquitySaved'];

/**
 * POST /remortgaging/{caseId}/transfer-of-equity {reason} → 200 {requoted}: whether the reason
 * changed the quote's price (a transfer on separation is free of land tax).
 */
export async function saveTransferOfEquity(
  caseId: string,
  body: TransferOfEquityBody,
): Promise<TransferOfEquitySaved> {
  return unwrap(
    await api().POST('/remortgaging/{caseId}/transfer-of-equity', {
      params: { path: { caseId } },
      body,
    }),
  );
}

export function useSaveTransferOfEquity(caseId: string) {
  return useMutation({
    mutationKey: ['application', caseId, 'transfer-of-equity', 'save'],
    mutationFn: (body: TransferOfEquityBody) => saveTransferOfEquity(caseId, body),
  });
}
