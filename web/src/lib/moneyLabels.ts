import type { GiftStatus, IsaType, SourceOfFundsType } from './api/types';

// --- A purchase's money ----------------------------------------------------------------------

/** Spec §3 "Source of funds" in plain English, in the spec's order. */
export const SOURCE_OF_FUNDS_LABELS = {
  MORTGAGE: 'A mortgage',
  SAVINGS: 'Savings',
  PROPERTY_SALE: 'The sale of a property',
  HELP_TO_BUY_ISA: 'A Help to Buy ISA',
  LIFETIME_ISA: 'A Lifetime ISA',
  GIFTS: 'A gift from family or friends',
  INHERITANCE: 'An inheritance',
  PENSION: 'A pension lump sum',
  INVESTMENT_SALE: 'The sale of investments',
  BUSINESS_SALE: 'The sale of a business',
  OTHER: 'Something else',
} as const satisfies Record<SourceOfFundsType, string>;

export const ISA_TYPE_LABELS = {
  LIFETIME_ISA: 'Lifetime ISA',
  HELP_TO_BUY_ISA: 'Help to Buy ISA',
} as const satisfies Record<IsaType, string>;

/** How far each gift donor has got (`gifts[].status`). */
export const GIFT_STATUS_LABELS: Record<GiftStatus, string> = {
  INVITED: 'Waiting for them to confirm',
  ACCEPTED: 'Confirmed',
  DECLINED: 'Declined',
};
