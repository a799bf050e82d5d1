import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { TransferOfEquityBody } from '../../../lib/api/types';

/** POST /remortgaging/{caseId}/transfer-of-equity {reason} → 204. */
export async function saveTransferOfEquity(
  caseId: string,
  body: TransferOfEquityBody,
): Promise<void> {
  unwrap(
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
