import type { CaseType } from '../../lib/api/types';

/** Document types as the customer knows them. Any other type is put into words by rule. */
export const DOCUMENT_TYPE_LABELS: Record<string, string> = {
  QUOTE: 'Quote',
  BANK_STATEMENT: 'Bank statement',
  MORTGAGE_STATEMENT: 'Mortgage statement',
  MORTGAGE_OFFER: 'Mortgage offer',
  MORTGAGE_REPORT: 'Mortgage report',
  COMPLETION_STATEMENT: 'Completion statement',
  CLIENT_CARE_LETTER: 'Client care letter',
  REPORT_ON_TITLE: 'Report on title',
  TA6: 'Property information form (TA6)',
  TENANCY_AGREEMENT: 'Tenancy agreement',
  HELP_TO_BUY_REDEMPTION_LETTER: 'Help to Buy redemption letter',
  BUILDING_REGULATIONS_CERTIFICATE: 'Building regulations certificate',
  LOCAL_AUTHORITY_SEARCH: 'Local authority search',
  DRAINAGE_AND_WATER_SEARCH: 'Drainage and water search',
  ENVIRONMENTAL_SEARCH: 'Environmental search',
  CHANCEL_SEARCH: 'Chancel search',
  // A purchase's evidence of its sources of funds and ISAs (issue 13).
  MORTGAGE_IN_PRINCIPLE: 'Mortgage in principle',
  SAVINGS_STATEMENT: 'Savings statement',
  PROPERTY_SALE_EVIDENCE: 'Evidence of a property sale',
  GIFT_STATEMENT: 'Gift statement',
  INHERITANCE_EVIDENCE: 'Evidence of an inheritance',
  PENSION_STATEMENT: 'Pension statement',
  INVESTMENT_SALE_EVIDENCE: 'Evidence of an investment sale',
  BUSINESS_SALE_EVIDENCE: 'Evidence of a business sale',
  SOURCE_OF_FUNDS_EVIDENCE: 'Evidence of another source of funds',
  LIFETIME_ISA_STATEMENT: 'Lifetime ISA statement',
  HELP_TO_BUY_STATEMENT: 'Help to Buy ISA statement',
};

/** The three searches every purchase needs, in the order they are listed (BUY-POST-16). */
export const SEARCH_DOCUMENT_TYPES = [
  'LOCAL_AUTHORITY_SEARCH',
  'DRAINAGE_AND_WATER_SEARCH',
  'ENVIRONMENTAL_SEARCH',
] as const;

/** Words kept in capitals when a type is put into words. */
const ACRONYMS = new Set(['TA6', 'TA7', 'TA10', 'ID', 'ISA', 'LISA', 'SDLT', 'LTT', 'HMRC', 'UK']);

/** 'BANK_STATEMENT' → 'Bank statement'; known types take their own label. */
export function documentTypeLabel(documentType: string): string {
  const known = DOCUMENT_TYPE_LABELS[documentType];
  if (known) return known;
  const words = documentType
    .split('_')
    .filter((w) => w !== '')
    .map((w) => (ACRONYMS.has(w.toUpperCase()) ? w.toUpperCase() : w.toLowerCase()));
  if (words.length === 0) return 'Document';
  const [first, ...rest] = words;
  return [first.charAt(0).toUpperCase() + first.slice(1), ...rest].join(' ');
}

export const CASE_TYPE_LABELS: Record<CaseType, string> = {
  REMORTGAGING: 'Remortgage',
  BUYING: 'Purchase',
};

/** The URL segment of a case type: REMORTGAGING → 'remortgaging'. */
export function caseKindOf(caseType: CaseType): 'remortgaging' | 'buying' {
  return caseType === 'BUYING' ? 'buying' : 'remortgaging';
}

/** 'Remortgage: 1 High Street' or 'Remortgage case 12' when the address is not known yet. */
export function caseHeading(
  caseType: CaseType,
  caseId: number,
  addressLine1?: string | null,
): string {
  const type = CASE_TYPE_LABELS[caseType];
  return addressLine1 ? `${type}: ${addressLine1}` : `${type} case ${caseId}`;
}
