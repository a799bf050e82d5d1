/**
 * The back office's API types (issue 14), taken from the generated schema as the rest of the app
 * takes its types (lib/api/types.ts): request and response bodies by path, the rest by name.
 */
import type { paths } from '../../lib/api/schema';
import type { Schemas } from '../../lib/api/types';

export type StaffFactorStatus =
  paths['/staff/factor']['get']['responses'][200]['content']['application/json'];
export type StaffEnrolment =
  paths['/staff/factor/enrolment']['post']['responses'][200]['content']['application/json'];
export type StaffRecoveryCodes =
  paths['/staff/factor/enrolment/confirm']['post']['responses'][200]['content']['application/json'];
/** By name: the path's operation is mistyped (see verifyFactor in ./api/factor.ts). */
export type StaffVerifyRequest = Schemas['StaffVerifyRequest'];

export type StaffQueuePage =
  paths['/staff/cases']['get']['responses'][200]['content']['application/json'];
export type StaffQueueItem = StaffQueuePage['items'][number];
export type StaffQueueQuery = NonNullable<paths['/staff/cases']['get']['parameters']['query']>;
export type StaffMember =
  paths['/staff/members']['get']['responses'][200]['content']['application/json'][number];

export type StaffCase =
  paths['/staff/cases/{caseType}/{caseId}']['get']['responses'][200]['content']['application/json'];
export type StaffTransition = StaffCase['transitions'][number];
export type StaffAuditEntry = StaffCase['audit'][number];
/** An owner's latest check with the identity provider (Onfido), where it checks identities. */
export type StaffIdentityCheck = StaffCase['identityChecks'][number];
export type StaffAssignee = NonNullable<StaffCase['assignee']>;
/** A task of the legal file (issue 29): the firm's work after completion, in order. */
export type StaffTask = StaffCase['tasks'][number];
export type StaffTaskDoneRequest =
  paths['/staff/cases/{caseType}/{caseId}/tasks/{task}']['post']['requestBody']['content']['application/json'];
export type StaffTasks =
  paths['/staff/cases/{caseType}/{caseId}/tasks/{task}']['post']['responses'][200]['content']['application/json'];
/** The sanctions and PEP screening's answer: each client and who may be them (issue 29). */
export type StaffScreening =
  paths['/staff/cases/{caseType}/{caseId}/screening']['post']['responses'][200]['content']['application/json'];
/** A purchase's enquiry with the seller's solicitor (issue 29). */
export type StaffEnquiry = StaffCase['enquiries'][number];
export type StaffRaiseEnquiryRequest =
  paths['/staff/cases/{caseType}/{caseId}/enquiries']['post']['requestBody']['content']['application/json'];
export type StaffAnswerEnquiryRequest =
  paths['/staff/cases/{caseType}/{caseId}/enquiries/{enquiryId}/answer']['post']['requestBody']['content']['application/json'];
export type StaffWithdrawEnquiryRequest =
  paths['/staff/cases/{caseType}/{caseId}/enquiries/{enquiryId}/withdraw']['post']['requestBody']['content']['application/json'];
export type StaffEnquiries =
  paths['/staff/cases/{caseType}/{caseId}/enquiries']['post']['responses'][201]['content']['application/json'];
/** A name on a remortgage's title register beside what accounts for it (issue 33). */
export type StaffTitleRegisterName = StaffCase['titleRegisterNames'][number];
export type StaffRecordTitleRegisterNameRequest =
  paths['/staff/cases/{caseType}/{caseId}/title-register-names']['post']['requestBody']['content']['application/json'];
/** A purchase's source of funds (SOF feature): the firm accepts it or asks for more. */
export type StaffSourceReviewRequest =
  paths['/staff/cases/{caseType}/{caseId}/sources-of-funds/{sourceId}/review']['post']['requestBody']['content']['application/json'];
/** Money the payment provider took that the case did not expect, for the firm to refund. */
export type StaffUnexpectedPayment = StaffCase['unexpectedPayments'][number];
export type StaffTransitionRequest =
  paths['/staff/cases/{caseType}/{caseId}/transition']['post']['requestBody']['content']['application/json'];
export type StaffTransitionDone =
  paths['/staff/cases/{caseType}/{caseId}/transition']['post']['responses'][200]['content']['application/json'];
export type StaffAssignRequest =
  paths['/staff/cases/{caseType}/{caseId}/assignee']['post']['requestBody']['content']['application/json'];

// The firm's steps on a submitted case.
export type StaffIdentityDecision =
  paths['/staff/cases/{caseType}/{caseId}/identity/{applicantId}']['post']['requestBody']['content']['application/json'];
/**
 * What the firm drafts: the schema types it as a string; the server takes CLIENT_CARE_LETTER,
 * MORTGAGE_REPORT and COMPLETION_STATEMENT for a remortgage, CLIENT_CARE_LETTER,
 * REPORT_ON_TITLE and COMPLETION_STATEMENT for a purchase.
 */
export type StaffDraftType =
  'MORTGAGE_REPORT' | 'CLIENT_CARE_LETTER' | 'REPORT_ON_TITLE' | 'COMPLETION_STATEMENT';
export type StaffDraftRequest = Omit<
  paths['/staff/cases/{caseType}/{caseId}/documents']['post']['requestBody']['content']['application/json'],
  'documentType'
> & { documentType: StaffDraftType };
/** The conveyancer's findings a report carries (issue 29). */
export type StaffFindingField = 'titleFindings' | 'searchFindings' | 'lenderFindings';
/** DELETE …/documents/{documentId} {reason, code}: the firm deletes a document (step-up). */
export type StaffDocumentRemoval =
  paths['/staff/cases/{caseType}/{caseId}/documents/{documentId}']['delete']['requestBody']['content']['application/json'];
export type StaffDraftedDocument =
  paths['/staff/cases/{caseType}/{caseId}/documents']['post']['responses'][201]['content']['application/json'];
/** An owner, buyer or donor of the case, never redacted for staff. */
export type StaffParty = Schemas['PartyBody'];
export type StaffGeneratedDocument = Schemas['GeneratedDocumentBody'];
export type StaffUploadedDocument = Schemas['UploadedDocumentBody'];
/** A photo ID or selfie, with the party who uploaded it. */
export type StaffIdentityEvidence = Schemas['StaffIdentityEvidence'];
/** A file uploaded to the case, with who uploaded it, as whom (customer, broker, donor or
 * firm) and when. */
export type StaffUpload = StaffCase['uploads'][number];

export type StaffCaseType = Schemas['CaseType'];
export type StaffWaitsOn = Schemas['WaitsOn'];
/**
 * The queue's sorts: the case lists' two, the next legal-file task's due date (issue 29) and
 * when the firm's reply to a waiting message is due (issue 32).
 */
export type StaffSortField = 'UPDATED_AT' | 'CREATED_AT' | 'NEXT_TASK_DUE_ON' | 'REPLY_DUE_AT';
/** Only the cases with a legal-file task due, or one overdue. */
export type StaffTaskDue = 'due' | 'overdue';
/** Only the cases with a message waiting for the firm's reply, or one past the promise. */
export type StaffReply = 'waiting' | 'overdue';
export type StaffSortDirection = Schemas['SortDirection'];

/** A search document recorded as the search's result (DOCUMENT) or the firm's summary of it. */
export type StaffSearchRequest = Schemas['StaffSearchRecord'];
/** POST …/mortgage-offer: the lender's offer as the firm read it, with its document. */
export type StaffMortgageOffer = Schemas['StaffMortgageOffer'];
export type StaffMortgageOfferRecord = NonNullable<StaffCase['mortgageOffer']>;
export type StaffSearchKind = StaffSearchRequest['kind'];

// The administrators' accounts page (issue 30).
export type StaffUser =
  paths['/staff/users']['get']['responses'][200]['content']['application/json'][number];
export type StaffUserRole = StaffUser['role'];

/** A broker firm and what the firm pays it per introduced client (administrators only). */
export type BrokerFirm =
  paths['/staff/broker-firms']['get']['responses'][200]['content']['application/json'][number];
