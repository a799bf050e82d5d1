import type { paths } from './schema';

/** Response and request types, always taken from `paths` so a regenerated schema keeps working. */
export type Me = paths['/auth/me']['get']['responses'][200]['content']['application/json'];
export type Role = Me['role'];
export type Feature = Me['enabledFeatures'][number];
export type Verify = paths['/auth/verify']['get']['responses'][200]['content']['application/json'];
export type CurrentPolicies =
  paths['/policies/current']['get']['responses'][200]['content']['application/json'];
export type SessionList =
  paths['/auth/sessions']['get']['responses'][200]['content']['application/json'];
export type SessionInfo = SessionList['sessions'][number];
export type LoginBody = paths['/auth']['post']['requestBody']['content']['application/json'];
export type SignupBody =
  paths['/auth/signup']['post']['requestBody']['content']['application/json'];
export type AcceptPoliciesBody =
  paths['/auth/accept-policies']['post']['requestBody']['content']['application/json'];
export type AboutYouBody =
  paths['/users/{userId}']['post']['requestBody']['content']['application/json'];
export type UpdatedUser =
  paths['/users/{userId}']['post']['responses'][200]['content']['application/json'];

// --- Cases (issue 4; contract docs/api/cases.md) --------------------------------------------
export type CaseType = 'REMORTGAGING' | 'BUYING';
export type RemortgagingCaseList =
  paths['/remortgaging/cases']['get']['responses'][200]['content']['application/json'];
export type RemortgagingListItem = RemortgagingCaseList['cases'][number];
export type RemortgagingListQuery = NonNullable<
  paths['/remortgaging/cases']['get']['parameters']['query']
>;
export type BuyingCaseList =
  paths['/buying/cases']['get']['responses'][200]['content']['application/json'];
export type BuyingListItem = BuyingCaseList['cases'][number];
export type BuyingListQuery = NonNullable<paths['/buying/cases']['get']['parameters']['query']>;
export type StatusChip = RemortgagingListItem['statusChip'];
export type CaseAdmin = RemortgagingListItem['caseAdmins'][number];
export type ListParty = RemortgagingListItem['propertyOwners'][number];
export type ListProperty = RemortgagingListItem['property'];
export type CaseOverviews =
  paths['/case-overviews']['get']['responses'][200]['content']['application/json'];
export type ManagedBrokers =
  paths['/managed-brokers']['get']['responses'][200]['content']['application/json'];
export type ManagedBroker = ManagedBrokers['managedBrokers'][number];
export type Lenders = paths['/lenders']['get']['responses'][200]['content']['application/json'];
export type Lender = Lenders['lenders'][number];
export type CancelCaseBody =
  paths['/broker-cancel-case']['post']['requestBody']['content']['application/json'];
export type CancelCaseResult =
  paths['/broker-cancel-case']['post']['responses'][200]['content']['application/json'];
export type RemortgagingCaseBody =
  paths['/remortgaging/case']['post']['requestBody']['content']['application/json'];
export type BuyingCaseBody =
  paths['/buying/case']['post']['requestBody']['content']['application/json'];
export type CaseCreated =
  paths['/remortgaging/case']['post']['responses'][201]['content']['application/json'];

/**
 * The expanded case. The OpenAPI document describes it only as an object (`body = Object`), so
 * the fields the SPA reads are declared here from docs/api/cases.md; as soon as the document
 * gives the response a schema, the generated type is used instead.
 */
export type SectionState = 'IS_COMPLETE' | 'IS_DISABLED' | 'NOT_STARTED' | 'LOCKED' | 'HIDDEN';
export interface CaseViewFallback {
  caseType: CaseType;
  status: string;
  sections: { key: string; label: string; state: SectionState }[];
  tiles: { key: string; label: string; state: SectionState }[];
  submitted: boolean;
  readyToSubmit: boolean;
  chip: StatusChip;
  message?: string | null;
  canCancel: boolean;
}
export interface ExpandedCaseFallback {
  id: number;
  caseType: CaseType;
  status: string;
  property?: { formattedAddress?: string | null; addressLine1?: string | null } | null;
  brokerReference?: string | null;
  caseAdmins?: CaseAdmin[];
  view: CaseViewFallback;
}
type Described<T, Fallback> = string extends keyof T ? Fallback : T;
export type RemortgagingExpanded = Described<
  paths['/remortgaging/cases/{caseId}/expanded']['get']['responses'][200]['content']['application/json'],
  ExpandedCaseFallback
>;
export type BuyingExpanded = Described<
  paths['/buying/case/{caseId}/expanded']['get']['responses'][200]['content']['application/json'],
  ExpandedCaseFallback
>;
export type ExpandedCase = RemortgagingExpanded | BuyingExpanded;
export type CaseView = ExpandedCase['view'];
export type CaseSection = CaseView['sections'][number];
