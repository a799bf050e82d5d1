import type {
  BuyingExpanded,
  RemortgagingExpanded,
  SectionKey,
  SectionState,
} from '../lib/api/types';
import { expanded, overviews } from './cases';
import { json, type Handler } from './fetchMock';
import { makeMe, signedInServer } from './fixtures';

export type SectionEntry = [key: SectionKey, label: string, state: SectionState];

/** A customer's remortgaging case in CUSTOMER_APPLICATION with the quote accepted. */
export const OPEN_SECTIONS: SectionEntry[] = [
  ['key-facts', 'Key Facts', 'IS_COMPLETE'],
  ['quote', 'Quote', 'IS_COMPLETE'],
  ['property-details', 'Property Details', 'NOT_STARTED'],
  ['owners', 'Owners', 'NOT_STARTED'],
  ['transfer-of-equity', 'Transfer of Equity', 'HIDDEN'],
  ['property-alterations', 'Property Alterations', 'NOT_STARTED'],
  ['financial-details', 'Financial Details', 'NOT_STARTED'],
  ['documents', 'Documents', 'NOT_STARTED'],
  ['review-and-submit', 'Review & Submit', 'NOT_STARTED'],
];

/** The same sections with some states changed. */
export function withStates(
  changes: Partial<Record<SectionKey, SectionState>>,
  base: SectionEntry[] = OPEN_SECTIONS,
): SectionEntry[] {
  return base.map(([key, label, state]) => [key, label, changes[key] ?? state]);
}

/** Remortgaging case 1001 as GET …/expanded answers it, with these sections and changes. */
export function remCase(
  patch: Partial<RemortgagingExpanded> = {},
  sections: SectionEntry[] = OPEN_SECTIONS,
  view: Partial<RemortgagingExpanded['view']> = {},
): RemortgagingExpanded {
  const base = expanded('REMORTGAGING', sections) as RemortgagingExpanded;
  return { ...base, ...patch, view: { ...base.view, ...view } };
}

export const CUSTOMER = makeMe();

/**
 * A signed-in customer and case 1001. `current()` is asked on every GET of the case, so a test
 * can change what the server answers after a write.
 */
export function applicationServer(
  current: () => RemortgagingExpanded,
  routes: Record<string, Handler> = {},
  me = CUSTOMER,
) {
  return signedInServer(me, {
    'GET /api/case-overviews': () => json(overviews(1)),
    'GET /api/remortgaging/cases/1001/expanded': () => json(current()),
    'GET /api/lenders': () =>
      json({
        lenders: [{ code: 'NATIONWIDE_BUILDING_SOCIETY', name: 'Nationwide Building Society' }],
      }),
    ...routes,
  });
}

/** The JSON body of the first call to `path`. */
export function bodyOf(
  calls: { method: string; path: string; body: string | null }[],
  method: string,
  path: string,
): unknown {
  const call = calls.find((c) => c.method === method && c.path === path);
  return call ? JSON.parse(call.body ?? 'null') : undefined;
}

// --- The buying application (issue 13) ------------------------------------------------------

/** A customer's purchase in CUSTOMER_APPLICATION with the quote accepted. */
export const BUYING_SECTIONS: SectionEntry[] = [
  ['key-facts', 'Key Facts', 'IS_COMPLETE'],
  ['quote', 'Quote', 'IS_COMPLETE'],
  ['property', 'Property', 'NOT_STARTED'],
  ['buyer-details', 'Buyer Details', 'NOT_STARTED'],
  ['purchase-and-financing', 'Purchase & Financing', 'NOT_STARTED'],
  ['stamp-duty-land-tax', 'Stamp Duty Land Tax', 'NOT_STARTED'],
  ['loans', 'Loans', 'NOT_STARTED'],
  ['documents', 'Documents', 'NOT_STARTED'],
  ['review-and-submit', 'Review & Submit', 'NOT_STARTED'],
];

/** A customer with buying enabled. */
export const BUYER = makeMe({ enabledFeatures: ['BUYING'] });

/** Purchase 1001 as GET /buying/case/1001/expanded answers it, with these changes. */
export function buyCase(
  patch: Partial<BuyingExpanded> = {},
  sections: SectionEntry[] = BUYING_SECTIONS,
  view: Partial<BuyingExpanded['view']> = {},
): BuyingExpanded {
  const base = expanded('BUYING', sections) as BuyingExpanded;
  return { ...base, ...patch, view: { ...base.view, caseType: 'BUYING', ...view } };
}

/** A signed-in buyer and purchase 1001 (`current()` answers every GET of the case). */
export function buyingServer(
  current: () => BuyingExpanded,
  routes: Record<string, Handler> = {},
  me = BUYER,
) {
  return signedInServer(me, {
    'GET /api/case-overviews': () => json(overviews(0, 1)),
    'GET /api/buying/case/1001/expanded': () => json(current()),
    'GET /api/lenders': () =>
      json({
        lenders: [
          { code: 'HALIFAX', name: 'Halifax' },
          { code: 'NO_LENDER', name: 'No new lender' },
        ],
      }),
    ...routes,
  });
}
