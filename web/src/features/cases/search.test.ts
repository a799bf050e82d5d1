import { describe, expect, it } from 'vitest';
import {
  buyingQuery,
  hasFilters,
  parseAnyListSearch,
  parseListSearch,
  remortgagingQuery,
  withFilter,
} from './search';

const ID = '5f0c0000-0000-4000-8000-000000000001';

describe('list search params', () => {
  it('LIST-03 LIST-04 CONST-03 CONST-05: no params → pageSize 10, page 0, CREATED_AT, DESC', () => {
    const search = parseListSearch('remortgaging', {});
    expect(search).toEqual({});
    expect(remortgagingQuery(search, false)).toEqual({
      pageSize: 10,
      page: 0,
      sortBy: 'CREATED_AT',
      sortDirection: 'DESC',
    });
  });

  it('LIST-10: buying defaults are the same', () => {
    expect(buyingQuery(parseListSearch('buying', {}), false)).toEqual({
      pageSize: 10,
      page: 0,
      sortBy: 'CREATED_AT',
      sortDirection: 'DESC',
    });
  });

  it('CONST-04: the collapsed list asks for 30 a page unless the URL says otherwise', () => {
    expect(remortgagingQuery({}, true).pageSize).toBe(30);
    expect(remortgagingQuery({ pageSize: 25 }, true).pageSize).toBe(25);
  });

  it('LIST-13: invalid values fall back to the defaults', () => {
    const raw = {
      pageSize: 'abc',
      page: -3,
      sortDirection: 'UP',
      sortBy: 'NOPE',
      hasMortgageOffer: 'maybe',
      status: ['NOT_A_STATUS'],
      brokerUserIds: 'not-a-uuid',
    };
    expect(parseListSearch('remortgaging', raw)).toEqual({});
    expect(parseListSearch('remortgaging', { pageSize: 0 })).toEqual({});
    expect(parseListSearch('remortgaging', { pageSize: 101 })).toEqual({});
    expect(
      parseListSearch('buying', { hasPaidDeposit: 'maybe', sortBy: 'COMPLETION_DATE' }),
    ).toEqual({});
  });

  it('LIST-05 LIST-07 LIST-08: lists (repeated, JSON or comma-separated) and sorting are kept', () => {
    expect(
      parseListSearch('remortgaging', {
        status: ['COMPLETED', 'CANCELLED'],
        brokerUserIds: ID,
        sortBy: 'COMPLETION_DATE',
        sortDirection: 'asc',
        page: 1,
        pageSize: 30,
      }),
    ).toEqual({
      status: ['COMPLETED', 'CANCELLED'],
      brokerUserIds: [ID],
      sortBy: 'COMPLETION_DATE',
      sortDirection: 'ASC',
      page: 1,
      pageSize: 30,
    });
    expect(parseListSearch('remortgaging', { status: 'COMPLETED,CANCELLED' }).status).toEqual([
      'COMPLETED',
      'CANCELLED',
    ]);
  });

  it('LIST-06 LIST-09 LIST-11 LIST-12: offer/deposit and name params reach the request', () => {
    const rem = parseListSearch('remortgaging', {
      hasMortgageOffer: true,
      propertyOwnerName: 'Smith',
    });
    expect(remortgagingQuery(rem, false)).toMatchObject({
      hasMortgageOffer: true,
      propertyOwnerName: 'Smith',
    });
    const buy = parseListSearch('buying', { hasPaidDeposit: 'false', buyerName: 'Jones' });
    expect(buyingQuery(buy, false)).toMatchObject({ hasPaidDeposit: false, buyerName: 'Jones' });
    // The other type's parameters are not this list's.
    expect(parseListSearch('buying', { hasMortgageOffer: true })).toEqual({});
  });

  it('LIST-29: every filter or search change resets the page to 0', () => {
    const onPage2 = { page: 1, status: ['COMPLETED'] };
    expect(withFilter(onPage2, { status: ['CANCELLED'] })).toEqual({ status: ['CANCELLED'] });
    expect(withFilter(onPage2, { hasMortgageOffer: false }).page).toBeUndefined();
    expect(withFilter(onPage2, { brokerUserIds: [ID] }).page).toBeUndefined();
    expect(withFilter(onPage2, { sortBy: 'UPDATED_AT' }).page).toBeUndefined();
    expect(withFilter(onPage2, { propertyOwnerName: 'Smi' }).page).toBeUndefined();
    // Defaults are not written to the URL.
    expect(withFilter({}, { sortBy: 'CREATED_AT', sortDirection: 'DESC', status: [] })).toEqual({});
  });

  it('LIST-44 LIST-45: filters (not sorting or paging) make an empty list "filtered"', () => {
    expect(hasFilters('remortgaging', { sortBy: 'UPDATED_AT', page: 2 })).toBe(false);
    expect(hasFilters('remortgaging', { hasMortgageOffer: false })).toBe(true);
    expect(hasFilters('buying', { buyerName: 'Jo' })).toBe(true);
    expect(hasFilters('buying', { status: ['CANCELLED'] })).toBe(true);
  });

  it('the /$caseType route keeps what either type accepts; each list then reads its own', () => {
    const raws: Record<string, unknown>[] = [
      {},
      { status: 'COMPLETED,AWAITING_DEPOSIT,TITLE_DOCUMENT_RETRIEVAL,NOPE', page: '2' },
      { sortBy: 'deposit_paid_at', sortDirection: 'asc' },
      { sortBy: 'CURRENT_DEAL_END_DATE', pageSize: '25', brokerUserIds: [ID, 'bad'] },
      { hasMortgageOffer: 'true', hasPaidDeposit: 'false', propertyOwnerName: ' Sm ' },
      { buyerName: 42, propertyOwnerName: '   ', hasPaidDeposit: 'maybe' },
    ];
    for (const raw of raws) {
      const any = parseAnyListSearch(raw);
      for (const kind of ['remortgaging', 'buying'] as const) {
        // The screen parses the route's search (raw values overlaid with the validated ones).
        expect(parseListSearch(kind, { ...raw, ...any })).toEqual(parseListSearch(kind, raw));
      }
    }
    expect(
      parseAnyListSearch({ status: 'AWAITING_DEPOSIT,COMPLETED', hasPaidDeposit: 'x' }),
    ).toEqual({ status: ['AWAITING_DEPOSIT', 'COMPLETED'] });
  });
});
