import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { StaffRecordTitleRegisterNameRequest } from '../types';
import { staffCaseQuery } from './case';
import { staffUnwrap } from './client';

/**
 * A remortgage's names on the title register (docs/api/staff.md, issue 33): recorded off the
 * official copies, or taken off when recorded in error. The case page is read again after
 * each, before the call counts as done.
 */

const base = (caseId: string) => ({ caseType: 'remortgaging', caseId });

/** POST …/title-register-names {fullName} → 201 {id}. */
export async function recordTitleRegisterName(
  caseId: string,
  body: StaffRecordTitleRegisterNameRequest,
) {
  return staffUnwrap(
    await api().POST('/staff/cases/{caseType}/{caseId}/title-register-names', {
      params: { path: base(caseId) },
      body,
    }),
  );
}

/** DELETE …/title-register-names/{nameId} → 204. */
export async function removeTitleRegisterName(caseId: string, nameId: number) {
  return staffUnwrap(
    await api().DELETE('/staff/cases/{caseType}/{caseId}/title-register-names/{nameId}', {
      params: { path: { ...base(caseId), nameId: String(nameId) } },
    }),
  );
}

function useRefreshed<Input>(caseId: string, call: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['staff', 'title-register-names', caseId],
    mutationFn: call,
    onSuccess: () =>
      queryClient.refetchQueries({ queryKey: staffCaseQuery('remortgaging', caseId).queryKey }),
  });
}

export const useRecordTitleRegisterName = (caseId: string) =>
  useRefreshed(caseId, (body: StaffRecordTitleRegisterNameRequest) =>
    recordTitleRegisterName(caseId, body),
  );

export const useRemoveTitleRegisterName = (caseId: string) =>
  useRefreshed(caseId, (nameId: number) => removeTitleRegisterName(caseId, nameId));
