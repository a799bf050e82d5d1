import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type {
  StaffAnswerEnquiryRequest,
  StaffEnquiries,
  StaffRaiseEnquiryRequest,
  StaffWithdrawEnquiryRequest,
} from '../types';
import { staffCaseQuery } from './case';
import { staffUnwrap } from './client';

/**
 * A purchase's enquiries with the seller's solicitor (docs/api/staff.md, issue 29): raised,
 * answered (accepted, or followed up by another), withdrawn. The case page is read again after
 * each, before the call counts as done.
 */

const base = (caseId: string) => ({ caseType: 'buying', caseId });

/** POST …/enquiries {question} → 201 {enquiries}. */
export async function raiseEnquiry(
  caseId: string,
  body: StaffRaiseEnquiryRequest,
): Promise<StaffEnquiries> {
  return staffUnwrap(
    await api().POST('/staff/cases/{caseType}/{caseId}/enquiries', {
      params: { path: base(caseId) },
      body,
    }),
  );
}

/** POST …/enquiries/{id}/answer {answer, followUp?} → 200 {enquiries}. */
export async function answerEnquiry(
  caseId: string,
  enquiryId: number,
  body: StaffAnswerEnquiryRequest,
): Promise<StaffEnquiries> {
  return staffUnwrap(
    await api().POST('/staff/cases/{caseType}/{caseId}/enquiries/{enquiryId}/answer', {
      params: { path: { ...base(caseId), enquiryId: String(enquiryId) } },
      body,
    }),
  );
}

/** POST …/enquiries/{id}/withdraw {reason} → 200 {enquiries}. */
export async function withdrawEnquiry(
  caseId: string,
  enquiryId: number,
  body: StaffWithdrawEnquiryRequest,
): Promise<StaffEnquiries> {
  return staffUnwrap(
    await api().POST('/staff/cases/{caseType}/{caseId}/enquiries/{enquiryId}/withdraw', {
      params: { path: { ...base(caseId), enquiryId: String(enquiryId) } },
      body,
    }),
  );
}

function useRefreshed<Body>(caseId: string, call: (body: Body) => Promise<StaffEnquiries>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['staff', 'enquiries', caseId],
    mutationFn: call,
    onSuccess: () =>
      queryClient.refetchQueries({ queryKey: staffCaseQuery('buying', caseId).queryKey }),
  });
}

export const useRaiseEnquiry = (caseId: string) =>
  useRefreshed(caseId, (body: StaffRaiseEnquiryRequest) => raiseEnquiry(caseId, body));

export const useAnswerEnquiry = (caseId: string, enquiryId: number) =>
  useRefreshed(caseId, (body: StaffAnswerEnquiryRequest) => answerEnquiry(caseId, enquiryId, body));

export const useWithdrawEnquiry = (caseId: string, enquiryId: number) =>
  useRefreshed(caseId, (body: StaffWithdrawEnquiryRequest) =>
    withdrawEnquiry(caseId, enquiryId, body),
  );
