import type { CaseType } from '../../lib/api/types';
import type { CaseKind } from '../cases';
import { CASE_TYPE_LABELS } from '../../lib/labels';

/** The three searches every purchase needs, in the order they are listed (BUY-POST-16). */
export const SEARCH_DOCUMENT_TYPES = [
  'LOCAL_AUTHORITY_SEARCH',
  'DRAINAGE_AND_WATER_SEARCH',
  'ENVIRONMENTAL_SEARCH',
] as const;

const KIND_OF: Record<CaseType, CaseKind> = { REMORTGAGING: 'remortgaging', BUYING: 'buying' };

/** The URL segment of a case type: REMORTGAGING → 'remortgaging'. */
export function caseKindOf(caseType: CaseType): CaseKind {
  return KIND_OF[caseType];
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
