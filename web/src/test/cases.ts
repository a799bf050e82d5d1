import type {
  BuyingListItem,
  CaseOverviews,
  ExpandedCase,
  RemortgagingListItem,
  SectionKey,
  SectionState,
  SourceOfFunds,
} from '../lib/api/types';

export const BROKER_ID = '5f0c0000-0000-4000-8000-000000000001';

export function remItem(overrides: Partial<RemortgagingListItem> = {}): RemortgagingListItem {
  return {
    id: 1001,
    createdAt: '2026-03-05T10:15:00Z',
    updatedAt: '2026-03-05T10:15:00Z',
    status: 'BROKER_APPLICATION',
    propertyOwners: [
      { user: { preferredName: 'Sam Smith', email: 'sam@example.com', legalNames: [] } },
    ],
    property: {
      addressLine1: '1 High Street',
      county: 'Kent',
      postcode: 'CT1 1AA',
      formattedAddress: '1 High Street, Canterbury, Kent, CT1 1AA',
    },
    hasMortgageOffer: false,
    caseAdmins: [{ userId: BROKER_ID, role: 'ROLE_BROKER', preferredName: 'Bea Broker' }],
    brokerReference: 'BR-1234',
    currentDealEndDate: '2027-01-31',
    completionDate: null,
    newLender: 'NATIONWIDE_BUILDING_SOCIETY',
    isRepayingHelpToBuy: false,
    hasHTBRedemptionLetter: false,
    statusChip: { colour: 'AMBER', label: 'Broker Application', showWarningIcon: true },
    statusMessage: 'This application is currently being prepared by the broker.',
    canCancel: true,
    ...overrides,
  };
}

export function buyItem(overrides: Partial<BuyingListItem> = {}): BuyingListItem {
  return {
    case: {
      id: 2002,
      createdAt: '2026-03-06T10:15:00Z',
      updatedAt: '2026-03-06T10:15:00Z',
      status: 'AWAITING_DEPOSIT',
      completionDate: null,
      targetMoveInDate: '2027-03-01',
      lender: 'NATIONWIDE_BUILDING_SOCIETY',
    },
    buyers: [{ user: { preferredName: 'Jo Jones', email: 'jo@example.com', legalNames: [] } }],
    property: {
      addressLine1: '2 Castle Road',
      county: 'South Glamorgan',
      postcode: 'CF10 1AA',
      formattedAddress: '2 Castle Road, Cardiff, CF10 1AA',
    },
    hasPaidDeposit: false,
    caseAdmins: [],
    brokerReference: 'BR-77',
    statusChip: { colour: 'AMBER', label: 'Awaiting Deposit', showWarningIcon: true },
    statusMessage: 'We are waiting for an initial payment to be paid.',
    canCancel: false,
    ...overrides,
  };
}

export function page<T>(cases: T[], totalCount = cases.length, pageSize = 10, currentPage = 0) {
  return { cases, totalCount, totalPages: Math.ceil(totalCount / pageSize), currentPage };
}

/** GET /case-overviews: this many cases of each type, and the purchases given `gifts` towards. */
export function overviews(
  remortgaging: number,
  buying = 0,
  gifts: CaseOverviews['gifts'] = [],
): CaseOverviews {
  return {
    remortgaging: { totalCount: remortgaging, activeCount: remortgaging, latestCaseId: null },
    buying: { totalCount: buying, activeCount: buying, latestCaseId: null },
    gifts,
  };
}

type Entry = [key: SectionKey, label: string, state: SectionState];

/** A case as GET …/expanded answers it, with these sections and tiles in its `view`. */
export function expanded(
  caseType: 'REMORTGAGING' | 'BUYING',
  sections: Entry[],
  tiles: Entry[] = [],
  id = 1001,
): ExpandedCase {
  const toView = ([key, label, state]: Entry) => ({ key, label, state });
  const common = {
    id,
    caseType,
    status: 'CUSTOMER_APPLICATION' as const,
    createdAt: '2026-03-05T10:15:00Z',
    updatedAt: '2026-03-05T10:15:00Z',
    propertyUsage: 'LIVE_IN' as const,
    hasLoans: null,
    completionDate: null,
    ineligibilityReason: null,
    loans: [],
    property: {
      addressLine1: '1 High Street',
      town: 'Canterbury',
      county: 'Kent',
      postcode: 'CT1 1AA',
      formattedAddress: '1 High Street, Canterbury, Kent, CT1 1AA',
      jurisdiction: 'ENGLAND' as const,
      tenure: 'FREEHOLD' as const,
      type: 'TERRACED' as const,
      landOwnership: null,
    },
    quote: null,
    documents: { documents: [], generatedDocuments: [] },
    caseAdmins: [],
    broker: null,
    afterCompletion: [],
    timeline: [],
    offerExpiresOn: null,
    caseHandler: {
      name: null,
      firmName: 'Threshold Conveyancing LLP',
      phoneNumber: '020 7946 0000',
      openingHours: 'Monday to Friday, 9am to 5:30pm',
    },
    brokerReference: null,
    invitations: [],
    view: {
      caseType,
      status: 'CUSTOMER_APPLICATION' as const,
      sections: sections.map(toView),
      tiles: tiles.map(toView),
      submitted: false,
      readyToSubmit: false,
      chip: { colour: 'AMBER' as const, label: 'Customer Application', showWarningIcon: true },
      message: 'Please continue with the application and submit it for review.',
      canCancel: false,
      transitions: [],
      stage: {
        guide: 'You (and any co-owners) fill in the application online.',
        waitsOn: 'customer' as const,
        closed: false,
      },
    },
  };
  if (caseType === 'REMORTGAGING') {
    return {
      ...common,
      hasAlterations: null,
      hasAdultOccupants: null,
      isCompanyCase: false,
      remortgagingReason: 'END_OF_CURRENT_DEAL',
      newLender: 'NATIONWIDE_BUILDING_SOCIETY',
      currentDealEndDate: '2027-01-31',
      propertyValue: 35_000_000,
      loanAmount: 20_000_000,
      isRepayingHelpToBuy: false,
      hasHTBRedemptionLetter: false,
      hasMortgageOffer: false,
      alterations: [],
      propertyOwners: [],
      occupants: [],
      titleRegisterNames: [],
      requiredDocuments: { documents: [], alterationDocuments: [], buyToLetDocuments: [] },
      transferOfEquity: null,
      groundRent: null,
      feedbackGiven: [],
    };
  }
  return {
    ...common,
    lender: 'HALIFAX',
    depositAmount: 4_000_000,
    purchasePrice: 40_000_000,
    resultsInMultipleProperties: null,
    isReplacingMainResidence: null,
    isFirstTimeBuyer: false,
    isNewBuild: false,
    isSharedOwnership: false,
    targetMoveInDate: '2027-03-01',
    hasPaidDeposit: false,
    buyers: [],
    donors: [],
    gifts: [],
    sourceOfFunds: [],
    isas: [],
    requiredDocuments: {
      documents: [],
      sourceOfFundsDocuments: [],
      isaDocuments: [],
      buyToLetDocuments: [],
      statements: [],
    },
    deposit: { paidAt: null },
    depositPayment: null,
    searches: { documents: [], summaries: [] },
    feedbackGiven: [],
    enquiries: [],
  };
}

export const REM_SECTIONS: Entry[] = [
  ['key-facts', 'Key Facts', 'IS_COMPLETE'],
  ['quote', 'Quote', 'NOT_STARTED'],
  ['property-details', 'Property Details', 'LOCKED'],
  ['owners', 'Owners', 'LOCKED'],
  ['transfer-of-equity', 'Transfer of Equity', 'HIDDEN'],
  ['property-alterations', 'Property Alterations', 'LOCKED'],
  ['financial-details', 'Financial Details', 'HIDDEN'],
  ['documents', 'Documents', 'LOCKED'],
  ['review-and-submit', 'Review & Submit', 'LOCKED'],
];

export const REM_TILES_HIDDEN: Entry[] = [
  ['application-review', 'Application & Quote', 'HIDDEN'],
  ['identification', 'Verify Identity', 'HIDDEN'],
  ['documents', 'Upload Documents', 'HIDDEN'],
  ['mortgage-report', 'Mortgage Report', 'HIDDEN'],
  ['completion-statement', 'Completion Statement', 'HIDDEN'],
];

/** The document type of each source's evidence slot, as the server gives it. */
const EVIDENCE_TYPES: Record<SourceOfFunds['sourceType'], string> = {
  MORTGAGE: 'MORTGAGE_IN_PRINCIPLE',
  SAVINGS: 'SAVINGS_STATEMENT',
  PROPERTY_SALE: 'PROPERTY_SALE_EVIDENCE',
  HELP_TO_BUY_ISA: 'HELP_TO_BUY_STATEMENT',
  LIFETIME_ISA: 'LIFETIME_ISA_STATEMENT',
  GIFTS: 'GIFT_STATEMENT',
  INHERITANCE: 'INHERITANCE_EVIDENCE',
  PENSION: 'PENSION_STATEMENT',
  INVESTMENT_SALE: 'INVESTMENT_SALE_EVIDENCE',
  BUSINESS_SALE: 'BUSINESS_SALE_EVIDENCE',
  OTHER: 'SOURCE_OF_FUNDS_EVIDENCE',
};

/**
 * A source of funds of the expanded purchase (issue 33): nothing told about it yet, its evidence
 * the slot of its type; a mortgage asks no details.
 */
export function source(
  id: number,
  sourceType: SourceOfFunds['sourceType'],
  patch: Partial<SourceOfFunds> = {},
): SourceOfFunds {
  return {
    id,
    sourceType,
    amount: null,
    state: 'DETAILS_NEEDED',
    details: null,
    review: null,
    evidenceType: EVIDENCE_TYPES[sourceType],
    asksDetails: sourceType !== 'MORTGAGE',
    openBanking: false,
    ...patch,
  };
}
