import type { FeedItem, FeedPage, Invitation, Quote, Schemas } from '../lib/api/types';
import { BUYING_DEPOSIT_TERMS, REMORTGAGE_DEPOSIT_TERMS } from './feeTerms';

/** A remortgaging quote as GET …/quote/latest answers it (money in pence). */
export function quote(overrides: Partial<Quote> = {}): Quote {
  return {
    id: 77,
    caseId: 1001,
    caseType: 'REMORTGAGING',
    createdAt: '2026-03-05T10:15:00Z',
    acceptedAt: null,
    costBreakdown: [
      {
        sectionTitle: 'Legal fees',
        costs: [
          { label: 'Remortgage legal fee', amount: 45_000 },
          { label: 'VAT on legal fees', amount: 9_000 },
        ],
      },
      {
        sectionTitle: 'Disbursements',
        costs: [{ label: 'HM Land Registry fee', amount: 4_500 }],
      },
    ],
    subtotal: 58_500,
    discount: 5_000,
    totalAmount: 53_500,
    // A remortgage asks for no up-front payment (workflows/fees.toml).
    deposit: 0,
    landTaxEstimate: null,
    depositTerms: REMORTGAGE_DEPOSIT_TERMS,
    referralFee: {
      label: 'Referral fee: none. We pay no one for introducing you to us.',
      amount: 0,
    },
    notes: [],
    reportedIssues: [],
    ...overrides,
  };
}

export function buyingQuote(landTaxType: Schemas['LandTaxType'], amount: number): Quote {
  return quote({
    caseId: 2002,
    caseType: 'BUYING',
    landTaxEstimate: { landTaxType, amount },
    deposit: 30_000,
    depositTerms: BUYING_DEPOSIT_TERMS,
  });
}

let nextId = 500;

/** A feed item; `data` defaults to a case quote on remortgaging case 1001. */
export function feedItem(
  kind: FeedItem['kind'],
  data: Partial<FeedItem['data']> = {},
  overrides: Partial<FeedItem> = {},
): FeedItem {
  nextId += 1;
  return {
    id: nextId,
    kind,
    read: false,
    createdAt: '2026-03-07T09:30:00Z',
    data: {
      caseId: 1001,
      caseType: 'REMORTGAGING',
      status: 'BROKER_APPLICATION_INVITE',
      brokerPreferredName: 'Bea Broker',
      brokerFirm: 'Bright Mortgages Ltd',
      isLender: false,
      inviterName: 'Bea Broker',
      invitees: ['Ann'],
      propertyAddressLine1: '1 High Street',
      ...data,
    },
    ...overrides,
  };
}

export function feedPage(items: FeedItem[], totalCount = items.length, currentPage = 0): FeedPage {
  return {
    items,
    totalCount,
    totalPages: Math.ceil(totalCount / 30),
    currentPage,
    unreadCount: items.filter((i) => !i.read).length,
  };
}

export function invitation(overrides: Partial<Invitation> = {}): Invitation {
  return {
    applicantId: 31,
    preferredName: 'Sam Smith',
    sentAt: '2026-03-05T10:15:00Z',
    sendCount: 1,
    openedAt: null,
    respondedAt: null,
    accepted: null,
    ...overrides,
  };
}
