import type { StaffReply, StaffTaskDue, StaffWaitsOn } from './types';

/** Who a case waits on, as the back office says it. */
export const WAITS_ON_STAFF: Record<StaffWaitsOn, string> = {
  customer: 'Customer',
  broker: 'Broker',
  firm: 'Us',
  lender: 'Lender',
  seller: 'Seller',
};

/** The work queue's 'Waiting on' filter (absent: anyone). */
export const WAITS_ON_FILTER: Record<StaffWaitsOn, string> = {
  firm: 'The firm',
  customer: 'Customer',
  broker: 'Broker',
  lender: 'Lender',
  seller: 'Seller',
};

/** The work queue's 'Messages' filter (issue 32; absent: any case). */
export const REPLY_FILTER: Record<StaffReply, string> = {
  waiting: 'Waiting for our reply',
  overdue: 'Reply overdue',
};

/** The work queue's 'Legal file' filter (issue 29; absent: any case). */
export const TASK_DUE_FILTER: Record<StaffTaskDue, string> = {
  due: 'A task due',
  overdue: 'A task overdue',
};

/**
 * The sort direction button: what pressing it does and the order now, by dates of the past
 * (created, updated) or deadlines (the next task due).
 */
export const SORT_ORDER_TEXTS = {
  age: {
    ASC: { press: 'Sort newest first', title: 'Oldest first: sort newest first' },
    DESC: { press: 'Sort oldest first', title: 'Newest first: sort oldest first' },
  },
  due: {
    ASC: { press: 'Sort latest first', title: 'Soonest first: sort latest first' },
    DESC: { press: 'Sort soonest first', title: 'Latest first: sort soonest first' },
  },
} as const;

export function waitsOnLabel(waitsOn: StaffWaitsOn | null | undefined): string {
  return waitsOn ? WAITS_ON_STAFF[waitsOn] : 'No one';
}
