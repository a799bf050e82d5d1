import type {
  BuyingCaseBody,
  BuyingCaseList,
  BuyingExpanded,
  BuyingListQuery,
  CaseType,
  RemortgagingCaseBody,
  RemortgagingCaseList,
  RemortgagingExpanded,
  RemortgagingListQuery,
  Schemas,
} from '../../lib/api/types';

/** The two case types: their URL segment, list title and list vocabulary (spec sections 2 and 3). */
export type CaseKind = 'remortgaging' | 'buying';

export const CASE_KINDS: readonly CaseKind[] = ['remortgaging', 'buying'];

/**
 * The `$caseType` URL segment as a case kind, or undefined for any other segment. Letter case is
 * ignored, as it was for the static paths /remortgaging and /buying.
 */
export function parseCaseKind(segment: string): CaseKind | undefined {
  const lower = segment.toLowerCase();
  return CASE_KINDS.find((kind) => kind === lower);
}

/**
 * What the API sends and takes for each case type. The server's paths differ per type, so the
 * fetchers in ./api pick the path once from the kind and are typed by this map.
 */
export interface CaseApi {
  remortgaging: {
    expanded: RemortgagingExpanded;
    list: RemortgagingCaseList;
    listQuery: RemortgagingListQuery;
    body: RemortgagingCaseBody;
  };
  buying: {
    expanded: BuyingExpanded;
    list: BuyingCaseList;
    listQuery: BuyingListQuery;
    body: BuyingCaseBody;
  };
}

export const CASE_TYPE: Record<CaseKind, CaseType> = {
  remortgaging: 'REMORTGAGING',
  buying: 'BUYING',
};

export const LIST_TITLE: Record<CaseKind, string> = {
  remortgaging: 'Remortgaging Cases',
  buying: 'Buying Cases',
};

export const START_TITLE: Record<CaseKind, string> = {
  remortgaging: 'Start a remortgage',
  buying: 'Start a purchase',
};

/**
 * Each kind's words on lists, cards and documents: a record, so a new kind must say its own
 * rather than fall to another's.
 */
export const KIND_WORDS: Record<
  CaseKind,
  {
    /** The list's aria label and the queue's heading. */
    cases: string;
    /** Column heading and the card's label for the people on the case. */
    parties: string;
    partiesLong: string;
    /** In a sentence: 'the owners', 'the buyers'. */
    partyWord: string;
    /** In a sentence: 'your remortgage', 'your purchase'. */
    noun: string;
    /** The list's flag: its filter and card label, its column heading and its value when set. */
    flag: string;
    flagShort: string;
    flagDone: string;
  }
> = {
  remortgaging: {
    cases: 'Remortgaging cases',
    parties: 'Owners',
    partiesLong: 'Property owners',
    partyWord: 'owners',
    noun: 'remortgage',
    flag: 'Mortgage offer',
    flagShort: 'Mortgage',
    flagDone: 'Uploaded',
  },
  buying: {
    cases: 'Buying cases',
    parties: 'Buyers',
    partiesLong: 'Buyers',
    partyWord: 'buyers',
    noun: 'purchase',
    flag: 'Deposit',
    flagShort: 'Deposit',
    flagDone: 'Paid',
  },
};

export const SEARCH_PLACEHOLDER: Record<CaseKind, string> = {
  remortgaging: 'Search by property owner name...',
  buying: 'Search by buyer name...',
};

export const REMORTGAGING_STATUSES = [
  'INELIGIBLE',
  'TITLE_DOCUMENT_RETRIEVAL',
  'BROKER_APPLICATION',
  'BROKER_APPLICATION_INVITE',
  'CUSTOMER_APPLICATION',
  'IDENTITY_VERIFICATION',
  'AWAITING_MORTGAGE_OFFER',
  'PREPARE_MORTGAGE_REPORT',
  'MORTGAGE_REPORT_ACCEPTANCE',
  'PREPARE_COMPLETION_STATEMENT',
  'COMPLETION_STATEMENT_ACCEPTANCE',
  'PENDING_COMPLETION',
  'COMPLETED',
  'CANCELLED',
] as const satisfies readonly Schemas['RemortgagingStatus'][];

export const BUYING_STATUSES = [
  'INELIGIBLE',
  'BROKER_APPLICATION',
  'BROKER_APPLICATION_INVITE',
  'CUSTOMER_APPLICATION',
  'PREPARE_CLIENT_CARE_LETTER',
  'CLIENT_CARE_LETTER_ACCEPTANCE',
  'AWAITING_DEPOSIT',
  'IDENTITY_VERIFICATION',
  'AWAITING_MEMORANDUM_OF_SALE',
  'AWAITING_CONTRACT_PACK',
  'AWAITING_SEARCHES',
  'CONTRACT_PACK_REVIEW',
  'PREPARE_REPORT_ON_TITLE',
  'REPORT_ON_TITLE_ACCEPTANCE',
  'PREPARE_COMPLETION_STATEMENT',
  'COMPLETION_STATEMENT_ACCEPTANCE',
  'PENDING_COMPLETION',
  'COMPLETED',
  'CANCELLED',
] as const satisfies readonly Schemas['BuyingStatus'][];

export const STATUSES: Record<CaseKind, readonly string[]> = {
  remortgaging: REMORTGAGING_STATUSES,
  buying: BUYING_STATUSES,
};

export const REMORTGAGING_SORT_FIELDS = [
  'CREATED_AT',
  'UPDATED_AT',
  'CURRENT_DEAL_END_DATE',
  'COMPLETION_DATE',
  'MORTGAGE_OFFER_UPLOADED_AT',
] as const satisfies readonly Schemas['RemortgagingSortField'][];

export const BUYING_SORT_FIELDS = [
  'CREATED_AT',
  'UPDATED_AT',
  'TARGET_MOVE_IN_DATE',
  'TERMS_ACCEPTED_AT',
  'DEPOSIT_PAID_AT',
  'TA6_UPLOADED_AT',
  'ENQUIRES_RAISED_AT',
  'ENQUIRES_RESPONDED_AT',
] as const satisfies readonly Schemas['BuyingSortField'][];

export const SORT_FIELDS: Record<CaseKind, readonly string[]> = {
  remortgaging: REMORTGAGING_SORT_FIELDS,
  buying: BUYING_SORT_FIELDS,
};
