import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CaseKind } from '../../cases';
import type { StaffCase, StaffTransitionDone, StaffTransitionRequest } from '../types';
import { api } from '../../../lib/api/client';
import { staffUnwrap } from './client';

const path = (kind: CaseKind, caseId: string) => ({ path: { caseType: kind, caseId } });

/** GET /staff/cases/{caseType}/{caseId} — the case, its next steps, audit trail and diagram. */
export async function getStaffCase(
  kind: CaseKind,
  caseId: string,
  signal?: AbortSignal,
): Promise<StaffCase> {
  return staffUnwrap(
    await api().GET('/staff/cases/{caseType}/{caseId}', {
      params: path(kind, caseId),
      signal,
    }),
  );
}

export const staffCaseQuery = (kind: CaseKind, caseId: string) =>
  queryOptions({
    queryKey: ['staff', 'case', kind, caseId],
    queryFn: ({ signal }) => getStaffCase(kind, caseId, signal),
  });

export function useStaffCase(kind: CaseKind, caseId: string) {
  return useQuery(staffCaseQuery(kind, caseId));
}

/** POST …/assignee {userId} → 204 (null: nobody). */
export async function assignCase(
  kind: CaseKind,
  caseId: string,
  userId: string | null,
): Promise<void> {
  staffUnwrap(
    await api().POST('/staff/cases/{caseType}/{caseId}/assignee', {
      params: path(kind, caseId),
      body: { userId },
    }),
  );
}

/**
 * After a change the case is fetched again before the mutation counts as done, so the page never
 * shows the old answer in between (the queue is refetched by the cache's usual invalidation).
 */
function useRefetchCase(kind: CaseKind, caseId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.refetchQueries({ queryKey: staffCaseQuery(kind, caseId).queryKey });
}

export function useAssignCase(kind: CaseKind, caseId: string) {
  const refetchCase = useRefetchCase(kind, caseId);
  return useMutation({
    mutationKey: ['staff', 'assign', kind, caseId],
    mutationFn: (userId: string | null) => assignCase(kind, caseId, userId),
    onSuccess: refetchCase,
  });
}

/** POST …/transition {name, reason?, code?} → {status}: the engine moves the case. */
export async function transitionCase(
  kind: CaseKind,
  caseId: string,
  body: StaffTransitionRequest,
): Promise<StaffTransitionDone> {
  return staffUnwrap(
    await api().POST('/staff/cases/{caseType}/{caseId}/transition', {
      params: path(kind, caseId),
      body,
    }),
  );
}

export function useTransitionCase(kind: CaseKind, caseId: string) {
  const refetchCase = useRefetchCase(kind, caseId);
  return useMutation({
    mutationKey: ['staff', 'transition', kind, caseId],
    mutationFn: (body: StaffTransitionRequest) => transitionCase(kind, caseId, body),
    onSuccess: refetchCase,
  });
}
