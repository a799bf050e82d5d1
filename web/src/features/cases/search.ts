import { PAGE_SIZE_COLLAPSED, PAGE_SIZE_DEFAULT } from '../../lib/constants';
import type { BuyingListQuery, RemortgagingListQuery } from '../../lib/api/types';
import { SORT_FIELDS, STATUSES, type CaseKind } from './caseTypes';

/**
 * The case lists' URL search parameters (spec section 2, Case lists). Only valid values are kept,
 * so an invalid one falls back to its default by being absent; defaults are never written to the
 * URL. `page` is 0-based.
 */
export type SortDirection = 'ASC' | 'DESC';

export interface ListSearch {
  pageSize?: number;
  page?: number;
  status?: string[];
  brokerUserIds?: string[];
  sortBy?: string;
  sortDirection?: SortDirection;
  /** hasMortgageOffer (remortgaging) or hasPaidDeposit (buying). */
  hasMortgageOffer?: boolean;
  hasPaidDeposit?: boolean;
  /** propertyOwnerName (remortgaging) or buyerName (buying). */
  propertyOwnerName?: string;
  buyerName?: string;
}

export const DEFAULT_SORT_BY = 'CREATED_AT';
export const DEFAULT_SORT_DIRECTION: SortDirection = 'DESC';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function list(value: unknown): string[] {
  const raw = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return raw
    .flatMap((v) => (typeof v === 'string' ? v.split(',') : []))
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

function integer(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isInteger(n) ? n : undefined;
}

function bool(value: unknown): boolean | undefined {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return undefined;
}

function text(value: unknown): string | undefined {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value !== 'string') return undefined;
  const t = value.trim();
  return t === '' ? undefined : value;
}

export function offerParam(kind: CaseKind): 'hasMortgageOffer' | 'hasPaidDeposit' {
  return kind === 'remortgaging' ? 'hasMortgageOffer' : 'hasPaidDeposit';
}

export function nameParam(kind: CaseKind): 'propertyOwnerName' | 'buyerName' {
  return kind === 'remortgaging' ? 'propertyOwnerName' : 'buyerName';
}

/** validateSearch for /remortgaging and /buying. */
export function parseListSearch(kind: CaseKind, raw: Record<string, unknown>): ListSearch {
  const out: ListSearch = {};
  const pageSize = integer(raw.pageSize);
  if (pageSize !== undefined && pageSize >= 1 && pageSize <= 100) out.pageSize = pageSize;
  const page = integer(raw.page);
  if (page !== undefined && page > 0) out.page = page;
  const known = STATUSES[kind];
  const status = [...new Set(list(raw.status).filter((s) => known.includes(s)))];
  if (status.length) out.status = status;
  const brokers = [...new Set(list(raw.brokerUserIds).filter((id) => UUID.test(id)))];
  if (brokers.length) out.brokerUserIds = brokers;
  const sortBy = typeof raw.sortBy === 'string' ? raw.sortBy.toUpperCase() : undefined;
  if (sortBy && sortBy !== DEFAULT_SORT_BY && SORT_FIELDS[kind].includes(sortBy)) {
    out.sortBy = sortBy;
  }
  const direction = typeof raw.sortDirection === 'string' ? raw.sortDirection.toUpperCase() : '';
  if (direction === 'ASC') out.sortDirection = 'ASC';
  const offer = bool(raw[offerParam(kind)]);
  if (offer !== undefined) out[offerParam(kind)] = offer;
  const name = text(raw[nameParam(kind)]);
  if (name !== undefined) out[nameParam(kind)] = name;
  return out;
}

/** Filters and search (not paging or sorting): what makes an empty list "filtered". */
export function hasFilters(kind: CaseKind, search: ListSearch): boolean {
  return (
    !!search.status?.length ||
    !!search.brokerUserIds?.length ||
    search[offerParam(kind)] !== undefined ||
    !!search[nameParam(kind)]?.trim()
  );
}

/**
 * A filter or search change: applies `patch` and goes back to page 0 (spec: "Every filter or
 * search change resets the page to 0"). `undefined` or empty values remove the parameter.
 */
export function withFilter(search: ListSearch, patch: Partial<ListSearch>): ListSearch {
  const next: ListSearch = { ...search, ...patch };
  delete next.page;
  for (const key of Object.keys(next) as (keyof ListSearch)[]) {
    const v = next[key];
    if (v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) delete next[key];
  }
  if (next.sortBy === DEFAULT_SORT_BY) delete next.sortBy;
  if (next.sortDirection === DEFAULT_SORT_DIRECTION) delete next.sortDirection;
  return next;
}

export function effectivePageSize(search: ListSearch, collapsed: boolean): number {
  return search.pageSize ?? (collapsed ? PAGE_SIZE_COLLAPSED : PAGE_SIZE_DEFAULT);
}

/** The query sent to GET /remortgaging/cases or /buying/cases, defaults filled in. */
export function remortgagingQuery(search: ListSearch, collapsed: boolean): RemortgagingListQuery {
  return {
    pageSize: effectivePageSize(search, collapsed),
    page: search.page ?? 0,
    sortBy: search.sortBy ?? DEFAULT_SORT_BY,
    sortDirection: search.sortDirection ?? DEFAULT_SORT_DIRECTION,
    ...(search.status?.length ? { status: search.status } : {}),
    ...(search.brokerUserIds?.length ? { brokerUserIds: search.brokerUserIds } : {}),
    ...(search.hasMortgageOffer !== undefined ? { hasMortgageOffer: search.hasMortgageOffer } : {}),
    ...(search.propertyOwnerName?.trim()
      ? { propertyOwnerName: search.propertyOwnerName.trim() }
      : {}),
  };
}

export function buyingQuery(search: ListSearch, collapsed: boolean): BuyingListQuery {
  return {
    pageSize: effectivePageSize(search, collapsed),
    page: search.page ?? 0,
    sortBy: search.sortBy ?? DEFAULT_SORT_BY,
    sortDirection: search.sortDirection ?? DEFAULT_SORT_DIRECTION,
    ...(search.status?.length ? { status: search.status } : {}),
    ...(search.brokerUserIds?.length ? { brokerUserIds: search.brokerUserIds } : {}),
    ...(search.hasPaidDeposit !== undefined ? { hasPaidDeposit: search.hasPaidDeposit } : {}),
    ...(search.buyerName?.trim() ? { buyerName: search.buyerName.trim() } : {}),
  };
}
