import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CaseKind } from '../../cases';
import type {
  StaffDocumentRemoval,
  StaffDraftRequest,
  StaffDraftedDocument,
  StaffIdentityDecision,
  StaffMortgageOffer,
  StaffScreening,
  StaffSearchRequest,
  StaffTaskDoneRequest,
  StaffTasks,
  StaffTransitionDone,
} from '../types';
import { api } from '../../../lib/api/client';
import { staffUnwrap } from './client';
import { staffCaseQuery } from './case';

/**
 * The firm's steps on a submitted case (docs/api/staff.md, 'Moving a submitted case on'). Each
 * goes through the case service, which takes the workflow step the change allows, so the case
 * may have moved on: the answer says where it is now.
 */

const path = (kind: CaseKind, caseId: string) => ({ caseType: kind, caseId });

/** POST …/identity/{applicantId} {decision, reason?}: an owner's or buyer's identity decided. */
export async function decideIdentity(
  kind: CaseKind,
  caseId: string,
  applicantId: number,
  body: StaffIdentityDecision,
): Promise<StaffTransitionDone> {
  return staffUnwrap(
    await api().POST('/staff/cases/{caseType}/{caseId}/identity/{applicantId}', {
      params: { path: { ...path(kind, caseId), applicantId: String(applicantId) } },
      body,
    }),
  );
}

/**
 * POST /staff/cases/remortgaging/{caseId}/mortgage-offer {documentId, lender, amount, offerDate,
 * expiresOn, specialConditions}: the lender's offer recorded with its uploaded document (a 422
 * names each missing or wrong field); a case awaiting it moves on.
 */
export async function recordMortgageOffer(
  kind: CaseKind,
  caseId: string,
  body: StaffMortgageOffer,
): Promise<StaffTransitionDone> {
  return staffUnwrap(
    await api().POST('/staff/cases/{caseType}/{caseId}/mortgage-offer', {
      params: { path: path(kind, caseId) },
      body,
    }),
  );
}

/**
 * POST …/documents {documentType, …findings} → 201: a draft rendered from the case (staff see it
 * only); a report carries the conveyancer's findings (422 names one missing or too long).
 */
export async function draftDocument(
  kind: CaseKind,
  caseId: string,
  body: StaffDraftRequest,
): Promise<StaffDraftedDocument> {
  return staffUnwrap(
    await api().POST('/staff/cases/{caseType}/{caseId}/documents', {
      params: { path: path(kind, caseId) },
      body,
    }),
  );
}

/** POST …/documents/{documentId}/issue {}: the draft issued, its publishing step taken. */
export async function issueDocument(
  kind: CaseKind,
  caseId: string,
  documentId: number,
): Promise<StaffTransitionDone> {
  return staffUnwrap(
    await api().POST('/staff/cases/{caseType}/{caseId}/documents/{documentId}/issue', {
      params: { path: { ...path(kind, caseId), documentId: String(documentId) } },
      body: {},
    }),
  );
}

/**
 * DELETE …/documents/{documentId} {reason, code} → 204: an uploaded document (anyone's) or one
 * of the firm's drafts deleted, the reason kept in the audit trail. A step-up step: 403
 * `step_up_required` without a code, 422 on `code` for a wrong one; 409 `document_kept` for an
 * issued document, `case_closed` on a closed case.
 */
export async function removeDocument(
  kind: CaseKind,
  caseId: string,
  documentId: number,
  body: StaffDocumentRemoval,
): Promise<void> {
  staffUnwrap(
    await api().DELETE('/staff/cases/{caseType}/{caseId}/documents/{documentId}', {
      params: { path: { ...path(kind, caseId), documentId: String(documentId) } },
      body,
    }),
  );
}

/**
 * POST /staff/cases/buying/{caseId}/searches {documentId, kind} → 200 {status}: an uploaded
 * search document recorded as the search's result (DOCUMENT) or the firm's summary (SUMMARY);
 * once the three searches and their summaries are in, the case may move on. 409 while the
 * Searches tile is not open (the deposit unpaid) or when the document is recorded already.
 */
export async function recordSearch(
  caseId: string,
  body: StaffSearchRequest,
): Promise<StaffTransitionDone> {
  return staffUnwrap(
    await api().POST('/staff/cases/{caseType}/{caseId}/searches', {
      params: { path: path('buying', caseId) },
      body,
    }),
  );
}

/**
 * POST …/tasks/{task} {reference?, note?} → 200 {tasks}: a task of the legal file recorded done
 * (422 names `reference` or `note`; 409 says why not yet, or that it is done already).
 */
export async function completeTask(
  kind: CaseKind,
  caseId: string,
  task: string,
  body: StaffTaskDoneRequest,
): Promise<StaffTasks> {
  return staffUnwrap(
    await api().POST('/staff/cases/{caseType}/{caseId}/tasks/{task}', {
      params: { path: { ...path(kind, caseId), task } },
      body,
    }),
  );
}

export function useCompleteTask(kind: CaseKind, caseId: string, task: string) {
  const refresh = useRefresh(kind, caseId);
  return useMutation({
    mutationKey: ['staff', 'task', kind, caseId, task],
    mutationFn: (body: StaffTaskDoneRequest) => completeTask(kind, caseId, task, body),
    onSuccess: refresh,
  });
}

/**
 * POST …/screening {} → 200: every client screened with the firm's provider (OpenSanctions),
 * the report kept as the task's evidence, and the task recorded when nobody matched. 409 with no
 * provider configured, once screened, or before the case reaches it; 502 when the provider
 * does not answer.
 */
export async function screenClients(kind: CaseKind, caseId: string): Promise<StaffScreening> {
  return staffUnwrap(
    await api().POST('/staff/cases/{caseType}/{caseId}/screening', {
      params: { path: path(kind, caseId) },
      body: {},
    }),
  );
}

export function useScreenClients(kind: CaseKind, caseId: string) {
  const refresh = useRefresh(kind, caseId);
  return useMutation({
    mutationKey: ['staff', 'screening', kind, caseId],
    mutationFn: () => screenClients(kind, caseId),
    onSuccess: refresh,
  });
}

/**
 * After a step the case is fetched again before the mutation counts as done (so the page never
 * shows the old answer in between), and the queue is marked stale: the case may have moved.
 */
function useRefresh(kind: CaseKind, caseId: string) {
  const queryClient = useQueryClient();
  return async () => {
    void queryClient.invalidateQueries({ queryKey: ['staff', 'queue'] });
    await queryClient.refetchQueries({ queryKey: staffCaseQuery(kind, caseId).queryKey });
  };
}

export function useDecideIdentity(kind: CaseKind, caseId: string, applicantId: number) {
  const refresh = useRefresh(kind, caseId);
  return useMutation({
    mutationKey: ['staff', 'identity', kind, caseId, applicantId],
    mutationFn: (body: StaffIdentityDecision) => decideIdentity(kind, caseId, applicantId, body),
    onSuccess: refresh,
  });
}

export function useRecordMortgageOffer(kind: CaseKind, caseId: string) {
  const refresh = useRefresh(kind, caseId);
  return useMutation({
    mutationKey: ['staff', 'mortgage-offer', kind, caseId],
    mutationFn: (body: StaffMortgageOffer) => recordMortgageOffer(kind, caseId, body),
    onSuccess: refresh,
  });
}

export function useDraftDocument(kind: CaseKind, caseId: string) {
  const refresh = useRefresh(kind, caseId);
  return useMutation({
    mutationKey: ['staff', 'draft', kind, caseId],
    mutationFn: (body: StaffDraftRequest) => draftDocument(kind, caseId, body),
    onSuccess: refresh,
  });
}

export function useIssueDocument(kind: CaseKind, caseId: string) {
  const refresh = useRefresh(kind, caseId);
  return useMutation({
    mutationKey: ['staff', 'issue', kind, caseId],
    mutationFn: (documentId: number) => issueDocument(kind, caseId, documentId),
    onSuccess: refresh,
  });
}

export function useRemoveDocument(kind: CaseKind, caseId: string) {
  const refresh = useRefresh(kind, caseId);
  return useMutation({
    mutationKey: ['staff', 'remove-document', kind, caseId],
    mutationFn: ({ documentId, body }: { documentId: number; body: StaffDocumentRemoval }) =>
      removeDocument(kind, caseId, documentId, body),
    onSuccess: refresh,
  });
}

export function useRecordSearch(caseId: string) {
  const refresh = useRefresh('buying', caseId);
  return useMutation({
    mutationKey: ['staff', 'searches', caseId],
    mutationFn: (body: StaffSearchRequest) => recordSearch(caseId, body),
    onSuccess: refresh,
  });
}
