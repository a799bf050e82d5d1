import type {
  BuyingExpanded,
  CaseType,
  DocumentBody,
  MyDocuments,
  Owner,
  RemortgagingExpanded,
  SectionKey,
  SectionState,
} from '../lib/api/types';
import { BUYING_SECTIONS, buyCase, OPEN_SECTIONS, remCase } from './application';

/** The post-submit tiles of a remortgage, in the engine's order (REM-POST-03). */
export const REM_TILES: [key: SectionKey, label: string][] = [
  ['application-review', 'Application & Quote'],
  ['identification', 'Verify Identity'],
  ['documents', 'Upload Documents'],
  ['mortgage-report', 'Mortgage Report'],
  ['completion-statement', 'Completion Statement'],
];

type TileStates = Partial<Record<SectionKey, SectionState>>;

/** What each tile is unless a test says otherwise: just submitted, reports locked. */
const DEFAULT_TILES: TileStates = {
  'application-review': 'IS_COMPLETE',
  identification: 'NOT_STARTED',
  documents: 'NOT_STARTED',
  'mortgage-report': 'LOCKED',
  'completion-statement': 'LOCKED',
};

/** The post-submit tiles of a purchase, in the engine's order (BUY-POST-03). */
export const BUY_TILES: [key: SectionKey, label: string][] = [
  ['application-review', 'Application & Quote'],
  ['client-care-letter', 'Client Care Letter'],
  ['documents', 'Upload Documents'],
  ['deposit', 'Deposit'],
  ['identification', 'Verify Identity'],
  ['searches', 'Searches'],
  ['contract-pack', 'Contract Pack'],
  ['completion-statement', 'Completion Statement'],
];

/** A purchase's tiles unless a test says otherwise: just submitted, the letter being prepared. */
const DEFAULT_BUY_TILES: TileStates = {
  'application-review': 'IS_COMPLETE',
  'client-care-letter': 'LOCKED',
  documents: 'NOT_STARTED',
  deposit: 'LOCKED',
  identification: 'LOCKED',
  searches: 'LOCKED',
  'contract-pack': 'LOCKED',
  'completion-statement': 'LOCKED',
};

/** An owner or buyer of case 1001 (`user-1` is the signed-in customer of the test fixtures). */
export function party(
  id: number,
  userId: string,
  preferredName: string,
  patch: Partial<Omit<Owner, 'user'>> = {},
): Owner {
  const own = userId === 'user-1';
  return {
    id,
    isLead: own,
    partyType: 'APPLICANT',
    redacted: !own,
    isUkResident: null,
    missingFields: [],
    identitySubmittedAt: null,
    identityVerifiedAt: null,
    identityRejectionReason: null,
    documentAcceptances: [],
    tenancyShare: null,
    ...patch,
    user: {
      id: userId,
      preferredName,
      email: own ? 'ann@example.com' : null,
      phoneNumber: own ? '07700900123' : null,
      dateOfBirth: own ? '1980-01-01' : null,
      legalNames: own
        ? [{ id: 1, firstName: 'Ann', middleNames: null, surname: 'Smith', until: null }]
        : [],
      address: { line1: own ? '1 High Street' : null },
      occupation: null,
      nationalInsuranceNumber: null,
    },
  };
}

/**
 * Remortgage 1001 after submission: every section hidden, the tiles with these states, and
 * `patch` on top (the status defaults to IDENTITY_VERIFICATION).
 */
export function submittedCase(
  patch: Partial<RemortgagingExpanded> = {},
  tiles: TileStates = {},
  view: Partial<RemortgagingExpanded['view']> = {},
): RemortgagingExpanded {
  const status = patch.status ?? 'IDENTITY_VERIFICATION';
  const hidden = OPEN_SECTIONS.map(([k, l]) => [k, l, 'HIDDEN'] as (typeof OPEN_SECTIONS)[number]);
  return remCase(
    {
      status,
      propertyOwners: [party(11, 'user-1', 'Ann')],
      ...patch,
    },
    hidden,
    {
      status,
      submitted: true,
      chip: { colour: 'AMBER', label: 'Identity Verification', showWarningIcon: true },
      message: 'We are waiting for every owner to verify their identity.',
      tiles: REM_TILES.map(([key, label]) => ({
        key,
        label,
        state: tiles[key] ?? DEFAULT_TILES[key] ?? 'NOT_STARTED',
      })),
      ...view,
    },
  );
}

/**
 * Purchase 1001 after submission: every section hidden, the tiles with these states, and
 * `patch` on top (the status defaults to PREPARE_CLIENT_CARE_LETTER; Ann is the one buyer).
 */
export function submittedPurchase(
  patch: Partial<BuyingExpanded> = {},
  tiles: TileStates = {},
  view: Partial<BuyingExpanded['view']> = {},
): BuyingExpanded {
  const status = patch.status ?? 'PREPARE_CLIENT_CARE_LETTER';
  const hidden = BUYING_SECTIONS.map(
    ([k, l]) => [k, l, 'HIDDEN'] as (typeof BUYING_SECTIONS)[number],
  );
  return buyCase({ status, buyers: [party(11, 'user-1', 'Ann')], ...patch }, hidden, {
    status,
    submitted: true,
    chip: { colour: 'AMBER', label: 'Preparing Client Care Letter', showWarningIcon: true },
    message: 'We are preparing the client care letter.',
    tiles: BUY_TILES.map(([key, label]) => ({
      key,
      label,
      state: tiles[key] ?? DEFAULT_BUY_TILES[key] ?? 'NOT_STARTED',
    })),
    ...view,
  });
}

/** A document as POST /document and GET /documents answer it. */
export function documentBody(
  documentId: number,
  documentType: string,
  fileName: string,
  caseType: CaseType = 'REMORTGAGING',
): DocumentBody {
  return {
    documentId,
    caseId: 1001,
    caseType,
    documentType,
    fileName,
    contentType: fileName.endsWith('.pdf') ? 'application/pdf' : 'image/jpeg',
    createdAt: '2026-03-10T09:00:00Z',
    isDraft: false,
    kind: 'UPLOADED',
    sizeBytes: 1024,
    url: `/api/document/${documentId}`,
  };
}

/** GET /documents for the customer: case 1001 with these uploads. */
export function myDocuments(
  documents: DocumentBody[],
  caseType: CaseType = 'REMORTGAGING',
): MyDocuments {
  return {
    cases: [
      {
        caseId: 1001,
        caseType,
        propertyAddressLine1: '1 High Street',
        documents,
        generatedDocuments: [],
      },
    ],
  };
}
