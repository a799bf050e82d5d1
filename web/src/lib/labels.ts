/**
 * The one place where the server's enum values become words: every screen (the customer's and
 * broker's app and the back office) shows a value through these tables, so a value reads the
 * same everywhere and a raw value such as NATIONWIDE_BUILDING_SOCIETY is never shown, not even
 * while something is loading.
 *
 * - Lenders are the server's own list (api/src/cases/lenders.json, also served by GET /lenders),
 *   read at build time, so the names are known before any call answers.
 * - Statuses read as the workflow files' chip labels (workflows/*.toml `label`); labels.test.ts
 *   checks the two agree.
 * - Where the spec gives a label it is used word for word; otherwise the words are plain English.
 *
 * A purchase's money is in ./moneyLabels.ts and the document types in ./documentLabels.ts.
 */
import lenderList from '../../../api/src/cases/lenders.json';
import type {
  AlterationType,
  CaseType,
  ChargeType,
  DocumentsHeldBy,
  GroundRentFrequency,
  LandOwnership,
  Lender,
  NameExplanation,
  PropertyType,
  Schemas,
  Tenure,
  TransferReason,
} from './api/types';

/** Words kept in capitals when a value without a label is put into words. */
const ACRONYMS = new Set([
  'TA6',
  'TA7',
  'TA10',
  'ID',
  'ISA',
  'LISA',
  'SDLT',
  'LTT',
  'HMRC',
  'UK',
  'EPC',
  'MCS',
  'FENSA',
  'HSBC',
  'TSB',
]);

/**
 * A value no table knows, in words: 'BROKER_APPLICATION_INVITE' → 'Broker application invite'.
 * Only a fallback (a value the server added after this build); every known value has a label.
 */
export function wordsOf(value: string, empty = ''): string {
  const words = value
    .split(/[_\s]+/)
    .filter((w) => w !== '')
    .map((w) => (ACRONYMS.has(w.toUpperCase()) ? w.toUpperCase() : w.toLowerCase()));
  if (words.length === 0) return empty;
  const [first, ...rest] = words;
  return [first.charAt(0).toUpperCase() + first.slice(1), ...rest].join(' ');
}

/**
 * A value's label from its table, for a value typed only as a string (a field the API does not
 * type as its enum); a value the table lacks is put into words, never shown raw.
 */
export function labelOf(table: Readonly<Record<string, string>>, value: string): string {
  return table[value] ?? wordsOf(value);
}

// --- Lenders ---------------------------------------------------------------------------------

/** The named UK lenders, then NO_LENDER ('No new lender'), in the server's order (GET /lenders). */
export const LENDERS: readonly Lender[] = lenderList;

const LENDER_NAMES: ReadonlyMap<string, string> = new Map(LENDERS.map((l) => [l.code, l.name]));

/** A lender's name for its code ('NATIONWIDE_BUILDING_SOCIETY' → 'Nationwide Building Society'). */
export function lenderLabel(code: string): string {
  return LENDER_NAMES.get(code) ?? wordsOf(code);
}

// --- Cases -----------------------------------------------------------------------------------

export const CASE_TYPE_LABELS: Record<CaseType, string> = {
  REMORTGAGING: 'Remortgage',
  BUYING: 'Purchase',
};

export type AnyStatus = Schemas['RemortgagingStatus'] | Schemas['BuyingStatus'];

/**
 * Each status as its chip reads (workflows/*.toml `label`; COMPLETED's chip adds the date, here
 * its `chip_label_fallback`). The filter menus, the back office and the chips say the same.
 */
export const STATUS_LABELS = {
  INELIGIBLE: 'Ineligible',
  TITLE_DOCUMENT_RETRIEVAL: 'Retrieving Title Documents',
  BROKER_APPLICATION: 'Broker Application',
  BROKER_APPLICATION_INVITE: 'Invite Sent',
  CUSTOMER_APPLICATION: 'Customer Application',
  PREPARE_CLIENT_CARE_LETTER: 'Preparing Client Care Letter',
  CLIENT_CARE_LETTER_ACCEPTANCE: 'Client Care Letter Ready',
  AWAITING_DEPOSIT: 'Awaiting Payment',
  IDENTITY_VERIFICATION: 'Identity Verification',
  AWAITING_MORTGAGE_OFFER: 'Awaiting Mortgage Offer',
  PREPARE_MORTGAGE_REPORT: 'Preparing Mortgage Report',
  MORTGAGE_REPORT_ACCEPTANCE: 'Mortgage Report Ready',
  AWAITING_MEMORANDUM_OF_SALE: 'Awaiting Memorandum of Sale',
  AWAITING_CONTRACT_PACK: 'Awaiting Contract Pack',
  AWAITING_SEARCHES: 'Awaiting Searches',
  CONTRACT_PACK_REVIEW: 'Reviewing Contract Pack',
  PREPARE_REPORT_ON_TITLE: 'Preparing Report on Title',
  REPORT_ON_TITLE_ACCEPTANCE: 'Report on Title Ready',
  PREPARE_COMPLETION_STATEMENT: 'Preparing Completion Statement',
  COMPLETION_STATEMENT_ACCEPTANCE: 'Completion Statement Ready',
  PENDING_COMPLETION: 'Pending Completion',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
} as const satisfies Record<AnyStatus, string>;

/** A status in words (a string from the API, such as an audit event's, may be any status). */
export function statusLabel(status: string): string {
  return (STATUS_LABELS as Record<string, string>)[status] ?? wordsOf(status);
}

/** The list's sort fields (spec §3; the spec names no labels). */
export const SORT_FIELD_LABELS = {
  CREATED_AT: 'Created',
  UPDATED_AT: 'Last updated',
  CURRENT_DEAL_END_DATE: 'Current deal end date',
  COMPLETION_DATE: 'Completion date',
  MORTGAGE_OFFER_UPLOADED_AT: 'Mortgage offer uploaded',
  TARGET_MOVE_IN_DATE: 'Target move-in date',
  TERMS_ACCEPTED_AT: 'Terms accepted',
  DEPOSIT_PAID_AT: 'Deposit paid',
  TA6_UPLOADED_AT: 'TA6 uploaded',
  ENQUIRES_RAISED_AT: 'Enquiries raised',
  ENQUIRES_RESPONDED_AT: 'Enquiries responded',
} as const satisfies Record<Schemas['RemortgagingSortField'] | Schemas['BuyingSortField'], string>;

// --- Key facts and the property ----------------------------------------------------------------

export const JURISDICTION_LABELS: Record<Schemas['Jurisdiction'], string> = {
  ENGLAND: 'England',
  WALES: 'Wales',
  SCOTLAND: 'Scotland',
  NORTHERN_IRELAND: 'Northern Ireland',
};

export const PROPERTY_USAGE_LABELS: Record<Schemas['PropertyUsage'], string> = {
  LIVE_IN: 'To live in',
  BUY_TO_LET: 'Buy to let',
};

/** Spec §3 remortgage reasons; RETIREMENT_INTEREST_ONLY is for 55 and over (ENUM-11). */
export const REMORTGAGING_REASON_LABELS: Record<Schemas['RemortgagingReason'], string> = {
  END_OF_CURRENT_DEAL: 'The current deal is ending',
  BORROW_MORE_MONEY: 'Borrow more money',
  RELEASE_MONEY: 'Release money',
  RETIREMENT_INTEREST_ONLY: 'Retirement interest-only (for 55 and over)',
  REMORTGAGE_TRANSFER_OF_EQUITY: 'Transfer of equity',
  SHARED_OWNERSHIP_STAIRCASING: 'Shared ownership staircasing',
};

export const TENURE_LABELS: Record<Tenure, string> = {
  FREEHOLD: 'Freehold',
  LEASEHOLD: 'Leasehold',
  COMMONHOLD: 'Commonhold',
};

export const PROPERTY_TYPE_LABELS = {
  APARTMENT_FLAT: 'Apartment or flat',
  CONVERTED: 'Converted flat',
  COTTAGE: 'Cottage',
  DETACHED_HOUSE: 'Detached house',
  DETACHED_BUNGALOW: 'Detached bungalow',
  LOFT: 'Loft apartment',
  MAISONETTE: 'Maisonette',
  SEMI_DETACHED_HOUSE: 'Semi-detached house',
  SEMI_DETACHED_BUNGALOW: 'Semi-detached bungalow',
  STATIC_CARAVAN: 'Static caravan',
  STUDIO_APARTMENT: 'Studio apartment',
  TERRACED: 'Terraced house',
  TOWNHOUSE: 'Townhouse',
  VILLA: 'Villa',
} as const satisfies Record<PropertyType, string>;

/** Spec §3 "Ownership type". */
export const LAND_OWNERSHIP_LABELS: Record<LandOwnership, string> = {
  SOLE_OWNER: 'Sole owner',
  JOINT_TENANCY: 'Joint tenants',
  TENANTS_IN_COMMON: 'Tenants in common',
};

export const GROUND_RENT_FREQUENCY_LABELS: Record<GroundRentFrequency, string> = {
  HALF_YEARLY: 'Every six months',
  ANNUALLY: 'Once a year',
};

export const ALTERATION_TYPE_LABELS = {
  BASEMENT_CONVERSION: 'Basement conversion',
  BOILER: 'New boiler',
  CONSERVATORY: 'Conservatory',
  ELECTRICAL: 'Electrical work',
  EXTENSION: 'Extension',
  GAS: 'Gas work',
  GARAGE: 'New garage',
  GARAGE_CONVERSION: 'Garage conversion',
  HEATING: 'Heating system',
  INSULATION: 'Insulation',
  LOFT: 'Loft conversion',
  REMOVAL_OF_WALLS: 'Removal of walls',
  SOLAR: 'Solar panels',
  WINDOWS_AND_DOORS: 'Windows and doors',
} as const satisfies Record<AlterationType, string>;

/** Who holds an alteration's documents (spec §3's 'who' value). */
export const DOCUMENTS_HELD_BY_LABELS: Record<DocumentsHeldBy, string> = {
  OWNER: 'An owner (you or a co-owner)',
  SOLICITOR: 'A solicitor',
};

export const CHARGE_TYPE_LABELS = {
  MORTGAGE: 'Mortgage',
  FURTHER_ADVANCE: 'Further advance',
  SECURED_LOAN: 'Secured loan',
  LEGAL_AID_BOARD_CHARGE: 'Legal Aid Board charge',
  CHARGING_ORDER: 'Charging order',
  OTHER: 'Other',
} as const satisfies Record<ChargeType, string>;

/** Spec §3 transfer reasons (separation agreements). */
export const TRANSFER_REASON_LABELS: Record<TransferReason, string> = {
  COURT_ORDER: 'Court order',
  CONSENT_ORDER: 'Consent order',
  PRIVATE_AGREEMENT: 'Private agreement',
};

/** Why a name on the title register is no owner, as the firm's back office reads it. */
export const NAME_EXPLANATION_LABELS: Record<NameExplanation, string> = {
  DECEASED: 'Has died',
  MARRIAGE: 'Name changed by marriage or civil partnership',
  DEED_POLL: 'Name changed by deed poll',
};
