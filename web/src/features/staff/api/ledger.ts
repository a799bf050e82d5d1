import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { Schemas } from '../../../lib/api/types';
import type { CaseKind } from '../../cases';
import { staffUnwrap } from './client';

export type Ledger = Schemas['LedgerBody'];
export type LedgerEntryRequest = Schemas['LedgerEntryRequest'];
export type RedemptionStatementRequest = Schemas['RedemptionStatementRequest'];
export type LedgerKind = Schemas['LedgerKind'];
export type LedgerDirection = Schemas['LedgerDirection'];
export type LedgerKindRule = Schemas['LedgerKindBody'];

const ledgerKey = (kind: CaseKind, caseId: string) => ['staff', 'case', kind, caseId, 'ledger'];

/** GET /staff/cases/{caseType}/{caseId}/ledger — the client ledger and the statement it makes. */
export function useLedger(kind: CaseKind, caseId: string) {
  return useQuery({
    queryKey: ledgerKey(kind, caseId),
    queryFn: async ({ signal }): Promise<Ledger> =>
      staffUnwrap(
        await api().GET('/staff/cases/{caseType}/{caseId}/ledger', {
          params: { path: { caseType: kind, caseId } },
          signal,
        }),
      ),
  });
}

/** POST …/ledger (an entry) or …/redemption-statements (a charge's figure); the ledger after. */
export function useRecordLedger(kind: CaseKind, caseId: string) {
  const queryClient = useQueryClient();
  const path = { params: { path: { caseType: kind, caseId } } };
  const done = (ledger: Ledger) => queryClient.setQueryData(ledgerKey(kind, caseId), ledger);
  const entry = useMutation({
    mutationFn: async (body: LedgerEntryRequest) =>
      staffUnwrap(await api().POST('/staff/cases/{caseType}/{caseId}/ledger', { ...path, body })),
    onSuccess: done,
  });
  const redemption = useMutation({
    mutationFn: async (body: RedemptionStatementRequest) =>
      staffUnwrap(
        await api().POST('/staff/cases/{caseType}/{caseId}/redemption-statements', {
          ...path,
          body,
        }),
      ),
    onSuccess: done,
  });
  return { entry, redemption };
}
