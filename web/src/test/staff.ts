import type {
  StaffAuditEntry,
  StaffCase,
  StaffMember,
  StaffParty,
  StaffQueueItem,
  StaffTransition,
  StaffUpload,
} from '../features/staff';
import type { SectionKey } from '../lib/api/types';
import { expanded } from './cases';
import { json, noContent, type Handler } from './fetchMock';
import { makeMe, signedInServer } from './fixtures';

export const CONVEYANCER = makeMe(
  { id: '7a000000-0000-4000-8000-000000000001', role: 'ROLE_CONVEYANCER', privacyVersion: null },
  { preferredName: 'Connie Conveyancer', email: 'connie@threshold.example' },
);

export const MEMBERS: StaffMember[] = [
  { id: CONVEYANCER.id, name: 'Connie Conveyancer', role: 'ROLE_CONVEYANCER' },
  { id: '7a000000-0000-4000-8000-000000000002', name: 'Adam Admin', role: 'ROLE_ADMIN' },
];

/** An audit line's free-form detail (the schema types it as an object of unknown shape). */
export const auditDetail = (detail: Record<string, unknown>) => detail as StaffAuditEntry['detail'];

const DAY = 24 * 60 * 60 * 1000;

export function queueItem(overrides: Partial<StaffQueueItem> = {}): StaffQueueItem {
  return {
    id: 1001,
    caseType: 'REMORTGAGING',
    status: 'IDENTITY_VERIFICATION',
    chip: { colour: 'AMBER', label: 'Identity Verification', showWarningIcon: false },
    waitsOn: 'firm',
    lastMovedAt: new Date(Date.now() - 3 * DAY - 60_000).toISOString(),
    createdAt: '2026-03-01T09:00:00Z',
    updatedAt: new Date(Date.now() - DAY).toISOString(),
    address: '1 High Street, Canterbury, CT1 1AA',
    names: ['Sam Smith', 'Pat Smith'],
    brokerReference: 'BR-1234',
    assignee: null,
    dueDate: '2026-04-01',
    dueLabel: 'Identity checks due',
    nextTaskDueOn: null,
    nextTaskOverdue: false,
    stageOverdue: false,
    replyDueAt: null,
    replyOverdue: false,
    ...overrides,
  };
}

export function transition(overrides: Partial<StaffTransition> = {}): StaffTransition {
  return {
    name: 'return_application',
    label: 'Return to customer',
    to: 'CUSTOMER_APPLICATION',
    allowed: true,
    reason: null,
    requiresReason: true,
    stepUp: false,
    by: ['conveyancer'],
    recordsCompletionDate: false,
    ...overrides,
  };
}

/** An owner (or buyer) of the case as staff see it: nothing withheld. */
export function party(
  overrides: Partial<Omit<StaffParty, 'user'>> = {},
  user: Partial<StaffParty['user']> = {},
): StaffParty {
  return {
    id: 11,
    isLead: true,
    redacted: false,
    partyType: 'APPLICANT',
    isUkResident: true,
    missingFields: [],
    identitySubmittedAt: null,
    identityVerifiedAt: null,
    identityRejectionReason: null,
    documentAcceptances: [],
    tenancyShare: null,
    ...overrides,
    user: {
      id: '8b000000-0000-4000-8000-000000000011',
      preferredName: 'Sam Smith',
      email: 'sam@example.com',
      phoneNumber: '07700900123',
      dateOfBirth: '1980-05-04',
      legalNames: [
        { id: 1, firstName: 'Samuel', middleNames: null, surname: 'Smith', until: null },
      ],
      address: { line1: '1 High Street' },
      occupation: 'Teacher',
      nationalInsuranceNumber: 'QQ123456C',
      ...user,
    },
  };
}

/** A file on the case uploaded by Sam Smith, the customer, unless `by` says otherwise. */
export function upload(
  documentId: number,
  documentType: string,
  uploadedAt: string,
  by: Partial<StaffUpload> = {},
): StaffUpload {
  return {
    documentId,
    documentType,
    fileName: `${documentType.toLowerCase()}.pdf`,
    uploadedAt,
    uploadedByName: 'Sam Smith',
    uploadedByRole: 'ROLE_USER',
    uploadedAs: 'customer',
    ...by,
  };
}

/**
 * A submitted remortgage (Identity Verification) as the back office sees it: Sam Smith has
 * submitted their identity (a photo ID and a selfie on the case), a mortgage statement is
 * uploaded and a mortgage report drafted.
 */
/** A workflow's application sections as a submitted case's view lists them (all hidden). */
const hidden = (sections: [SectionKey, string][]): [SectionKey, string, 'HIDDEN'][] =>
  sections.map(([key, label]) => [key, label, 'HIDDEN']);

/** The application's sections of each workflow (workflows/*.toml), in its order. */
export const REMORTGAGING_SECTIONS = hidden([
  ['key-facts', 'Key Facts'],
  ['quote', 'Quote'],
  ['property-details', 'Property Details'],
  ['owners', 'Owners'],
  ['transfer-of-equity', 'Transfer of Equity'],
  ['property-alterations', 'Property Alterations'],
  ['financial-details', 'Financial Details'],
  ['documents', 'Documents'],
  ['review-and-submit', 'Review & Submit'],
]);
export const BUYING_SECTIONS = hidden([
  ['key-facts', 'Key Facts'],
  ['quote', 'Quote'],
  ['property', 'Property'],
  ['buyer-details', 'Buyer Details'],
  ['purchase-and-financing', 'Purchase & Financing'],
  ['stamp-duty-land-tax', 'Stamp Duty Land Tax'],
  ['loans', 'Loans'],
  ['documents', 'Documents'],
  ['review-and-submit', 'Review & Submit'],
]);

export function staffCase(overrides: Partial<StaffCase> = {}): StaffCase {
  const body = expanded('REMORTGAGING', REMORTGAGING_SECTIONS, [], 1001);
  return {
    id: 1001,
    caseType: 'REMORTGAGING',
    status: 'IDENTITY_VERIFICATION',
    chip: { colour: 'AMBER', label: 'Identity Verification', showWarningIcon: false },
    waitsOn: 'firm',
    assignee: null,
    expanded: {
      ...body,
      status: 'IDENTITY_VERIFICATION',
      view: { ...body.view, status: 'IDENTITY_VERIFICATION', submitted: true },
      propertyOwners: [party({ identitySubmittedAt: '2026-03-04T09:00:00Z' })],
      documents: {
        documents: [
          { documentId: 31, documentType: 'MORTGAGE_STATEMENT', url: '/document/31' },
          { documentId: 33, documentType: 'PHOTO_ID', url: '/document/33' },
          { documentId: 34, documentType: 'SELFIE', url: '/document/34' },
        ],
        generatedDocuments: [{ documentId: 32, documentType: 'MORTGAGE_REPORT', isDraft: true }],
      },
    },
    transitions: [
      transition(),
      transition({
        name: 'identity_verified',
        label: 'Identities verified',
        to: 'AWAITING_MORTGAGE_OFFER',
        allowed: false,
        reason: 'Not every owner has verified their identity yet.',
        requiresReason: false,
      }),
      transition({
        name: 'cancel',
        label: 'Cancel case',
        to: 'CANCELLED',
        stepUp: true,
        by: ['conveyancer', 'admin'],
      }),
    ],
    audit: [
      {
        at: '2026-03-04T10:00:00Z',
        actorName: 'Sam Smith',
        actorRole: 'ROLE_USER',
        action: 'document.uploaded',
        detail: auditDetail({ documentType: 'MORTGAGE_STATEMENT' }),
      },
      {
        at: '2026-03-02T10:00:00Z',
        actorName: 'Connie Conveyancer',
        actorRole: 'ROLE_CONVEYANCER',
        action: 'case.transition',
        detail: auditDetail({
          transition: 'return_application',
          from: 'IDENTITY_VERIFICATION',
          to: 'CUSTOMER_APPLICATION',
          reason: 'The mortgage statement is unreadable.',
        }),
      },
    ],
    // Nothing is drafted at identity verification (a stage issues nothing).
    draftable: [],
    diagram:
      'stateDiagram-v2\n  CUSTOMER_APPLICATION --> IDENTITY_VERIFICATION\n  class IDENTITY_VERIFICATION current',
    identityChecks: [],
    identityEvidence: [
      { applicantId: 11, documentId: 33, documentType: 'PHOTO_ID' },
      { applicantId: 11, documentId: 34, documentType: 'SELFIE' },
    ],
    unexpectedPayments: [],
    tasks: [],
    screeningProvider: null,
    enquiries: [],
    mayWorkEnquiries: false,
    titleRegisterNames: [],
    mayRecordTitleRegisterNames: false,
    mayReviewSourcesOfFunds: false,
    uploads: [
      upload(31, 'MORTGAGE_STATEMENT', '2026-03-04T10:00:00Z'),
      upload(33, 'PHOTO_ID', '2026-03-04T10:05:00Z'),
      upload(34, 'SELFIE', '2026-03-04T10:06:00Z'),
    ],
    ...overrides,
  };
}

/**
 * A purchase (case 2002) as the back office sees it: Sam Smith is the buyer, at `status` with
 * these uploads (the case's `documents.documents`) and recorded searches.
 */
export function staffPurchase(
  status: StaffCase['status'],
  label: string,
  expandedPatch: Record<string, unknown> = {},
): StaffCase {
  const body = expanded('BUYING', BUYING_SECTIONS, [], 2002);
  return staffCase({
    id: 2002,
    caseType: 'BUYING',
    status,
    chip: { colour: 'AMBER', label, showWarningIcon: false },
    expanded: {
      ...body,
      status,
      view: { ...body.view, status, submitted: true },
      buyers: [party()],
      ...expandedPatch,
    } as StaffCase['expanded'],
  });
}

/** A signed-in conveyancer whose session has proved the second factor, and the back office. */
export function staffServer(me = CONVEYANCER, routes: Record<string, Handler> = {}) {
  return signedInServer(me, {
    'GET /api/staff/factor': () => json({ enrolled: true, verified: true, recoveryCodesLeft: 8 }),
    'GET /api/staff/members': () => json(MEMBERS),
    'GET /api/staff/cases': () => json({ items: [queueItem()], totalCount: 1 }),
    'POST /api/auth/logout': () => noContent(),
    ...routes,
  });
}
