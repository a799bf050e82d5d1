import { wordsOf } from './labels';

// --- Documents -------------------------------------------------------------------------------

/**
 * Document types as the customer knows them: every type the workflow files declare
 * (workflows/*.toml `[document_types.X]`, checked by labels.test.ts) and the firm's own.
 */
export const DOCUMENT_TYPE_LABELS: Record<string, string> = {
  // The firm's own documents.
  QUOTE: 'Quote',
  MORTGAGE_REPORT: 'Mortgage report',
  COMPLETION_STATEMENT: 'Completion statement',
  CLIENT_CARE_LETTER: 'Client care letter',
  REPORT_ON_TITLE: 'Report on title',
  // What the owners of a remortgage show.
  MORTGAGE_STATEMENT: 'Mortgage statement',
  BANK_STATEMENT: 'Bank statement',
  CORRESPONDENCE: 'File sent with a message',
  TENANCY_AGREEMENT: 'Tenancy agreement',
  GAS_SAFETY_CERTIFICATE: 'Gas safety certificate',
  ENERGY_PERFORMANCE_CERTIFICATE: 'Energy Performance Certificate (EPC)',
  PLANNING_PERMISSION: 'Planning permission',
  BUILDING_REGULATIONS_COMPLETION_CERTIFICATE: 'Building regulations completion certificate',
  BUILDING_REGULATIONS_CERTIFICATE: 'Building regulations certificate',
  FENSA_CERTIFICATE: 'FENSA certificate',
  GAS_SAFE_CERTIFICATE: 'Gas Safe certificate',
  ELECTRICAL_INSTALLATION_CERTIFICATE: 'Electrical installation certificate',
  MCS_CERTIFICATE: 'MCS certificate',
  // Why a name on the title register is no owner (issue 33).
  DEATH_CERTIFICATE: 'Death certificate',
  MARRIAGE_CERTIFICATE: 'Marriage or civil partnership certificate',
  DEED_POLL: 'Deed poll',
  // Identity evidence.
  PHOTO_ID: 'Photo ID',
  SELFIE: 'Selfie',
  // What reaches the firm from outside the case.
  MORTGAGE_OFFER: 'Mortgage offer',
  HELP_TO_BUY_REDEMPTION_LETTER: 'Help to Buy redemption letter',
  TA6: 'Property information form (TA6)',
  ENQUIRES_RAISED: "Enquiries raised with the seller's solicitor",
  ENQUIRES_RESPONSE: 'Replies to enquiries',
  LOCAL_AUTHORITY_SEARCH: 'Local authority search',
  DRAINAGE_AND_WATER_SEARCH: 'Drainage and water search',
  ENVIRONMENTAL_SEARCH: 'Environmental search',
  CHANCEL_SEARCH: 'Chancel search',
  OTHER: 'Other document',
  // Exchange and completion (the legal file's tasks).
  SIGNED_CONTRACT: 'Signed contract',
  SIGNED_TRANSFER: 'Signed transfer deed (TR1)',
  SIGNED_MORTGAGE_DEED: 'Signed mortgage deed',
  TA13: 'Completion information and undertakings (TA13)',
  TA7: 'Leasehold pack and information form (TA7)',
  AML_RISK_ASSESSMENT: 'AML risk assessment',
  SCREENING_REPORT: 'Sanctions and PEP screening report',
  GIFT_DECLARATION: 'Signed gift declaration',
  INDEPENDENT_ADVICE_CERTIFICATE: 'Independent legal advice certificate',
  PRIORITY_SEARCH: 'Priority search result (OS1)',
  BANKRUPTCY_SEARCH: 'Bankruptcy search result (K16)',
  SDLT5: 'SDLT5 certificate (HMRC)',
  TITLE_REGISTER: 'Title register',
  // A purchase's evidence of its sources of funds and ISAs.
  MORTGAGE_IN_PRINCIPLE: 'Mortgage in principle',
  SAVINGS_STATEMENT: 'Savings statement',
  PROPERTY_SALE_EVIDENCE: 'Evidence of a property sale',
  GIFT_STATEMENT: 'Gift statement',
  DONOR_STATEMENT: 'Donor statement',
  INHERITANCE_EVIDENCE: 'Evidence of an inheritance',
  PENSION_STATEMENT: 'Pension statement',
  INVESTMENT_SALE_EVIDENCE: 'Evidence of an investment sale',
  BUSINESS_SALE_EVIDENCE: 'Evidence of a business sale',
  SOURCE_OF_FUNDS_EVIDENCE: 'Evidence of another source of funds',
  LIFETIME_ISA_STATEMENT: 'Lifetime ISA statement',
  HELP_TO_BUY_STATEMENT: 'Help to Buy ISA statement',
};

/** 'BANK_STATEMENT' → 'Bank statement'; a type no table knows is put into words by rule. */
export function documentTypeLabel(documentType: string): string {
  return DOCUMENT_TYPE_LABELS[documentType] ?? wordsOf(documentType, 'Document');
}
