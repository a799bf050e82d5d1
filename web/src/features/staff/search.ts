import type { Schemas } from '../../lib/api/types';
import { BUYING_STATUSES, REMORTGAGING_STATUSES } from '../cases';
import type {
  StaffCaseType,
  StaffQueueQuery,
  StaffSortDirection,
  StaffSortField,
  StaffReply,
  StaffTaskDue,
  StaffWaitsOn,
} from './types';

/**
 * The work queue's URL search parameters, parsed as the customer lists' are: unknown or invalid
 * values are dropped (so they fall back to their default by being absent), defaults are never
 * written to the URL, and every filter change goes back to page 0. `page` is 0-based.
 *
 * Defaults: remortgaging cases, anyone's, waiting on anyone, the longest untouched first
 * (`sortBy=UPDATED_AT&sortDirection=ASC`). The sort parameters are the case lists' own.
 * `name` is sent as the list's name parameter: propertyOwnerName or buyerName.
 */
export interface QueueSearch {
  caseType?: StaffCaseType;
  status?: string[];
  /** 'me', 'unassigned' or a staff member's id. */
  assignee?: string;
  /** Only the cases whose status waits on them now (absent: anyone). */
  waitsOn?: StaffWaitsOn;
  /** Only the cases with a legal-file task due, or overdue (absent: any case). */
  taskDue?: StaffTaskDue;
  /** Only the cases with a message waiting for the firm's reply, or overdue (issue 32). */
  reply?: StaffReply;
  name?: string;
  sortBy?: StaffSortField;
  sortDirection?: StaffSortDirection;
  page?: number;
}

export const QUEUE_PAGE_SIZE = 25;
export const DEFAULT_CASE_TYPE: StaffCaseType = 'REMORTGAGING';
/** The queue's filter by a person's name: the owners of a remortgage, the buyers of a purchase. */
const NAME_FILTER: Record<StaffCaseType, 'propertyOwnerName' | 'buyerName'> = {
  REMORTGAGING: 'propertyOwnerName',
  BUYING: 'buyerName',
};
export const DEFAULT_QUEUE_SORT: StaffSortField = 'UPDATED_AT';
export const DEFAULT_QUEUE_DIRECTION: StaffSortDirection = 'ASC';

/** Each case type's statuses, in the workflow's order (the schema's enums). */
export const QUEUE_STATUSES: Record<StaffCaseType, readonly string[]> = {
  REMORTGAGING: REMORTGAGING_STATUSES,
  BUYING: BUYING_STATUSES,
};

/** Who the queue filters on, in the order offered (the firm first: its own work). */
export const TASK_DUE_CHOICES = ['due', 'overdue'] as const satisfies readonly StaffTaskDue[];

/** The queue's messages filter: waiting for the firm's reply, or past its promise. */
export const REPLY_CHOICES = ['waiting', 'overdue'] as const satisfies readonly StaffReply[];

/** The sorts offered, the default first. */
export const SORT_CHOICES = [
  'UPDATED_AT',
  'CREATED_AT',
  'NEXT_TASK_DUE_ON',
  'REPLY_DUE_AT',
] as const satisfies readonly StaffSortField[];

export const WAITS_ON_CHOICES = [
  'firm',
  'customer',
  'broker',
  'lender',
  'seller',
] as const satisfies readonly StaffWaitsOn[];

/** `true` only when `Listed` holds every member of `All`. */
type Complete<All, Listed> = [Exclude<All, Listed>] extends [never] ? true : never;
/**
 * Checked when compiling: the status filter offers every status of the schema's
 * `RemortgagingStatus` and `BuyingStatus` enums (a status added there fails here until listed).
 */
export const STATUS_FILTER_COMPLETE: Complete<
  Schemas['RemortgagingStatus'],
  (typeof REMORTGAGING_STATUSES)[number]
> &
  Complete<Schemas['BuyingStatus'], (typeof BUYING_STATUSES)[number]> = true;
/** Checked when compiling: 'Waiting on' offers every party of the schema's `WaitsOn`. */
export const WAITS_ON_FILTER_COMPLETE: Complete<StaffWaitsOn, (typeof WAITS_ON_CHOICES)[number]> =
  true;

const ASSIGNEE = /^(me|unassigned|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

function list(value: unknown): string[] {
  const raw = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return raw
    .flatMap((v) => (typeof v === 'string' ? v.split(',') : []))
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

function word(value: unknown): string | undefined {
  return typeof value === 'string' ? value.trim().toUpperCase() : undefined;
}

export function parseQueueSearch(raw: Record<string, unknown>): QueueSearch {
  const out: QueueSearch = {};
  const caseType: StaffCaseType = word(raw.caseType) === 'BUYING' ? 'BUYING' : DEFAULT_CASE_TYPE;
  if (caseType !== DEFAULT_CASE_TYPE) out.caseType = caseType;
  const statuses = QUEUE_STATUSES[caseType];
  const status = [...new Set(list(raw.status).map((s) => s.toUpperCase()))].filter((s) =>
    statuses.includes(s),
  );
  if (status.length) out.status = status;
  const assignee = typeof raw.assignee === 'string' ? raw.assignee.trim() : '';
  if (ASSIGNEE.test(assignee)) {
    out.assignee = ['me', 'unassigned'].includes(assignee.toLowerCase())
      ? assignee.toLowerCase()
      : assignee;
  }
  const waitsOn = WAITS_ON_CHOICES.find((w) => w === word(raw.waitsOn)?.toLowerCase());
  if (waitsOn) out.waitsOn = waitsOn;
  const taskDue = TASK_DUE_CHOICES.find((t) => t === word(raw.taskDue)?.toLowerCase());
  if (taskDue) out.taskDue = taskDue;
  const reply = REPLY_CHOICES.find((r) => r === word(raw.reply)?.toLowerCase());
  if (reply) out.reply = reply;
  const name = typeof raw.name === 'string' ? raw.name : undefined;
  if (name !== undefined && name.trim() !== '') out.name = name;
  const sortBy = SORT_CHOICES.find((f) => f === word(raw.sortBy));
  if (sortBy && sortBy !== DEFAULT_QUEUE_SORT) out.sortBy = sortBy;
  if (word(raw.sortDirection) === 'DESC') out.sortDirection = 'DESC';
  const page = typeof raw.page === 'number' ? raw.page : Number(raw.page);
  if (Number.isInteger(page) && page > 0) out.page = page;
  return out;
}

/**
 * A filter change: applies `patch` and goes back to page 0. `undefined` or empty values, and
 * defaults, are removed. Changing the case type drops the statuses (each type has its own).
 */
export function withQueueFilter(search: QueueSearch, patch: Partial<QueueSearch>): QueueSearch {
  const next: QueueSearch = { ...search, ...patch };
  if ('caseType' in patch && patch.caseType !== search.caseType) delete next.status;
  delete next.page;
  if (next.caseType === DEFAULT_CASE_TYPE) delete next.caseType;
  if (next.sortBy === DEFAULT_QUEUE_SORT) delete next.sortBy;
  if (next.sortDirection === DEFAULT_QUEUE_DIRECTION) delete next.sortDirection;
  for (const key of Object.keys(next) as (keyof QueueSearch)[]) {
    const v = next[key];
    if (v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) delete next[key];
  }
  return next;
}

type QueueStatus = NonNullable<StaffQueueQuery['status']>[number];

/** The query sent to GET /staff/cases, defaults filled in. */
export function queueRequest(search: QueueSearch): StaffQueueQuery {
  const caseType = search.caseType ?? DEFAULT_CASE_TYPE;
  const name = search.name?.trim();
  return {
    caseType,
    ...(search.status?.length ? { status: search.status as QueueStatus[] } : {}),
    ...(search.assignee ? { assignee: search.assignee } : {}),
    ...(search.waitsOn ? { waitsOn: search.waitsOn } : {}),
    ...(search.taskDue ? { taskDue: search.taskDue } : {}),
    ...(search.reply ? { reply: search.reply } : {}),
    ...(name ? { [NAME_FILTER[caseType]]: name } : {}),
    sortBy: search.sortBy ?? DEFAULT_QUEUE_SORT,
    sortDirection: search.sortDirection ?? DEFAULT_QUEUE_DIRECTION,
    page: search.page ?? 0,
    pageSize: QUEUE_PAGE_SIZE,
  };
}

export function hasQueueFilters(search: QueueSearch): boolean {
  return (
    !!search.status?.length ||
    !!search.assignee ||
    !!search.waitsOn ||
    !!search.taskDue ||
    !!search.reply ||
    !!search.name?.trim()
  );
}
