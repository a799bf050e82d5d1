import type {
  BuyingListItem,
  CaseAdmin,
  CaseType,
  ListParty,
  ListProperty,
  RemortgagingListItem,
  StatusChip,
} from '../../lib/api/types';
import type { CaseApi, CaseKind } from './caseTypes';

/**
 * One list item of either case type, in the shape the table and cards draw. Nothing here is
 * computed: chip, message and canCancel are the engine's answers from the API.
 */
export interface CaseRow {
  id: number;
  caseType: CaseType;
  status: string;
  createdAt: string;
  parties: ListParty[];
  property: ListProperty;
  /** hasMortgageOffer (remortgaging) or hasPaidDeposit (buying). */
  flag: boolean;
  caseAdmins: CaseAdmin[];
  brokerReference: string | null;
  dates: { label: string; value: string | null | undefined }[];
  statusChip: StatusChip;
  statusMessage: string | null;
  canCancel: boolean;
}

export function remortgagingRow(item: RemortgagingListItem): CaseRow {
  return {
    id: item.id,
    caseType: 'REMORTGAGING',
    status: item.status,
    createdAt: item.createdAt,
    parties: item.propertyOwners,
    property: item.property,
    flag: item.hasMortgageOffer,
    caseAdmins: item.caseAdmins,
    brokerReference: item.brokerReference ?? null,
    dates: [
      { label: 'Current deal ends', value: item.currentDealEndDate },
      { label: 'Completion date', value: item.completionDate },
    ],
    statusChip: item.statusChip,
    statusMessage: item.statusMessage ?? null,
    canCancel: item.canCancel,
  };
}

export function buyingRow(item: BuyingListItem): CaseRow {
  return {
    id: item.case.id,
    caseType: 'BUYING',
    status: item.case.status,
    createdAt: item.case.createdAt,
    parties: item.buyers,
    property: item.property,
    flag: item.hasPaidDeposit,
    caseAdmins: item.caseAdmins,
    brokerReference: item.brokerReference ?? null,
    dates: [
      { label: 'Target move-in', value: item.case.targetMoveInDate },
      { label: 'Completion date', value: item.case.completionDate },
    ],
    statusChip: item.statusChip,
    statusMessage: item.statusMessage ?? null,
    canCancel: item.canCancel,
  };
}

const TO_ROWS: { [K in CaseKind]: (list: CaseApi[K]['list']) => CaseRow[] } = {
  remortgaging: (list) => list.cases.map(remortgagingRow),
  buying: (list) => list.cases.map(buyingRow),
};

/** The rows of one page of either list. */
export function caseRows<K extends CaseKind>(kind: K, list: CaseApi[K]['list']): CaseRow[] {
  return TO_ROWS[kind](list);
}

const BROKER_ROLES = ['ROLE_BROKER', 'ROLE_BROKER_MANAGER', 'ROLE_BROKER_ADMIN'];

/** 'Referred by': the case admins whose role is broker, broker manager or broker admin. */
export function referredBy(admins: CaseAdmin[]): string[] {
  return admins.filter((a) => BROKER_ROLES.includes(a.role)).map((a) => a.preferredName);
}

export function partyNames(parties: ListParty[]): string {
  return parties.map((p) => p.user.preferredName).join(', ');
}

export function address(property: ListProperty): string {
  return (
    property.formattedAddress ??
    [property.addressLine1, property.postcode].filter(Boolean).join(', ')
  );
}
