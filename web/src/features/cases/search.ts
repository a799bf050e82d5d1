import { PAGE_SIZE_COLLAPSED, PAGE_SIZE_DEFAULT } from '../../lib/constants';
import type { BuyingListQuery, RemortgagingListQuery } from '../../lib/api/types';
import {
  BUYING_SORT_FIELDS,
  BUYING_STATUSES,
  CASE_KINDS,
  REMORTGAGING_SORT_FIELDS,
  REMORTGAGING_STATUSES,
  SORT_FIELDS,
  STATUSES,
  type CaseApi,
  type CaseKind,
} from './caseTypes';

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

export const DEFAULT_SORT_BY = 'CREATED_AT' as const;
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

type OfferParam = 'hasMortgageOffer' | 'hasPaidDeposit';
type NameParam = 'propertyOwnerName' | 'buyerName';

const OFFER_PARAM: Record<CaseKind, OfferParam> = {
  remortgaging: 'hasMortgageOffer',
  buying: 'hasPaidDeposit',
};

const NAME_PARAM: Record<CaseKind, NameParam> = {
  remortgaging: 'propertyOwnerName',
  buying: 'buyerName',
};

export function offerParam(kind: CaseKind): OfferParam {
  return OFFER_PARAM[kind];
}

export function nameParam(kind: CaseKind): NameParam {
  return NAME_PARAM[kind];
}

/** What a list accepts in its URL: statuses, sort fields and the names of its two parameters. */
interface Vocabulary {
  statuses: readonly string[];
  sortFields: readonly string[];
  offerParams: readonly OfferParam[];
  nameParams: readonly NameParam[];
}

function vocabulary(kind: CaseKind): Vocabulary {
  return {
    statuses: STATUSES[kind],
    sortFields: SORT_FIELDS[kind],
    offerParams: [offerParam(kind)],
    nameParams: [nameParam(kind)],
  };
}

const EITHER_KIND: Vocabulary = {
  statuses: CASE_KINDS.flatMap((kind) => STATUSES[kind]),
  sortFields: CASE_KINDS.flatMap((kind) => SORT_FIELDS[kind]),
  offerParams: CASE_KINDS.map(offerParam),
  nameParams: CASE_KINDS.map(nameParam),
};

function parseWith(vocab: Vocabulary, raw: Record<string, unknown>): ListSearch {
  const out: ListSearch = {};
  const pageSize = integer(raw.pageSize);
  if (pageSize !== undefined && pageSize >= 1 && pageSize <= 100) out.pageSize = pageSize;
  const page = integer(raw.page);
  if (page !== undefined && page > 0) out.page = page;
  const status = [...new Set(list(raw.status).filter((s) => vocab.statuses.includes(s)))];
  if (status.length) out.status = status;
  const brokers = [...new Set(list(raw.brokerUserIds).filter((id) => UUID.test(id)))];
  if (brokers.length) out.brokerUserIds = brokers;
  const sortBy = typeof raw.sortBy === 'string' ? raw.sortBy.toUpperCase() : undefined;
  if (sortBy && sortBy !== DEFAULT_SORT_BY && vocab.sortFields.includes(sortBy)) {
    out.sortBy = sortBy;
  }
  const direction = typeof raw.sortDirection === 'string' ? raw.sortDirection.toUpperCase() : '';
  if (direction === 'ASC') out.sortDirection = 'ASC';
  for (const key of vocab.offerParams) {
    const offer = bool(raw[key]);
    if (offer !== undefined) out[key] = offer;
  }
  for (const key of vocab.nameParams) {
    const name = text(raw[key]);
    if (name !== undefined) out[key] = name;
  }
  return out;
}

/** The search parameters of the /remortgaging or /buying list. */
export function parseListSearch(kind: CaseKind, raw: Record<string, unknown>): ListSearch {
  return parseWith(vocabulary(kind), raw);
}

/**
 * validateSearch of the /$caseType list route, which is not given the path: what either case type
 * accepts. The list screen narrows it with parseListSearch(kind, …), which gives the same result as
 * parsing the raw search for that kind.
 */
export function parseAnyListSearch(raw: Record<string, unknown>): ListSearch {
  return parseWith(EITHER_KIND, raw);
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

/** Whether `value` is one of `values` (narrowing it to their union). */
function isOneOf<T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value);
}

/** What both list queries share, defaults filled in. */
function sharedQuery(search: ListSearch, collapsed: boolean) {
  return {
    pageSize: effectivePageSize(search, collapsed),
    page: search.page ?? 0,
    sortDirection: search.sortDirection ?? DEFAULT_SORT_DIRECTION,
    ...(search.brokerUserIds?.length ? { brokerUserIds: search.brokerUserIds } : {}),
  };
}

/** The search's statuses and sort field that belong to this list (the rest are dropped). */
function vocabularyQuery<S extends string, F extends string>(
  search: ListSearch,
  statuses: readonly S[],
  sortFields: readonly F[],
  defaultSortBy: F,
) {
  const status = (search.status ?? []).filter((s) => isOneOf(statuses, s));
  const sortBy = search.sortBy ?? defaultSortBy;
  return {
    sortBy: isOneOf(sortFields, sortBy) ? sortBy : defaultSortBy,
    ...(status.length ? { status } : {}),
  };
}

/** The query sent to GET /remortgaging/cases or /buying/cases, defaults filled in. */
export function remortgagingQuery(search: ListSearch, collapsed: boolean): RemortgagingListQuery {
  return {
    ...sharedQuery(search, collapsed),
    ...vocabularyQuery(search, REMORTGAGING_STATUSES, REMORTGAGING_SORT_FIELDS, DEFAULT_SORT_BY),
    ...(search.hasMortgageOffer !== undefined ? { hasMortgageOffer: search.hasMortgageOffer } : {}),
    ...(search.propertyOwnerName?.trim()
      ? { propertyOwnerName: search.propertyOwnerName.trim() }
      : {}),
  };
}

export function buyingQuery(search: ListSearch, collapsed: boolean): BuyingListQuery {
  return {
    ...sharedQuery(search, collapsed),
    ...vocabularyQuery(search, BUYING_STATUSES, BUYING_SORT_FIELDS, DEFAULT_SORT_BY),
    ...(search.hasPaidDeposit !== undefined ? { hasPaidDeposit: search.hasPaidDeposit } : {}),
    ...(search.buyerName?.trim() ? { buyerName: search.buyerName.trim() } : {}),
  };
}

const LIST_QUERY: {
  [K in CaseKind]: (search: ListSearch, collapsed: boolean) => CaseApi[K]['listQuery'];
} = { remortgaging: remortgagingQuery, buying: buyingQuery };

/** The list query for either case type. */
export function listQuery<K extends CaseKind>(
  kind: K,
  search: ListSearch,
  collapsed: boolean,
): CaseApi[K]['listQuery'] {
  return LIST_QUERY[kind](search, collapsed);
}
