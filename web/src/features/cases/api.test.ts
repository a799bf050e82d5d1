import { describe, expect, it, beforeEach } from 'vitest';
import { configureApi } from '../../lib/api/client';
import type { BuyingCaseBody, RemortgagingCaseBody } from '../../lib/api/types';
import { expanded, page } from '../../test/cases';
import { json, mockFetch } from '../../test/fetchMock';
import { createCase } from './api/createCase';
import { caseQuery, getCase } from './api/getCase';
import { casesQuery, listCases } from './api/listCases';
import { buyingQuery, listQuery, remortgagingQuery } from './search';

// One fetcher per call for both case types: each picks the server's path from the kind (the
// paths differ per spec) and keeps the query keys ['cases', kind, …] used for invalidation.

const CREATED = { caseId: 1, caseType: 'REMORTGAGING', status: 'BROKER_APPLICATION' };

describe('case API calls for both case types', () => {
  beforeEach(() => configureApi('http://localhost/api'));

  it('getCase: GET /remortgaging/cases/{id}/expanded or GET /buying/case/{id}/expanded', async () => {
    const { calls } = mockFetch({
      'GET /api/remortgaging/cases/1001/expanded': () => json(expanded('REMORTGAGING', [])),
      'GET /api/buying/case/2002/expanded': () => json(expanded('BUYING', [], [], 2002)),
    });
    expect((await getCase('remortgaging', '1001')).caseType).toBe('REMORTGAGING');
    expect((await getCase('buying', '2002')).id).toBe(2002);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/remortgaging/cases/1001/expanded',
      'GET /api/buying/case/2002/expanded',
    ]);
    expect(caseQuery('remortgaging', '1001').queryKey).toEqual([
      'cases',
      'remortgaging',
      'expanded',
      '1001',
    ]);
    expect(caseQuery('buying', '2002').queryKey).toEqual(['cases', 'buying', 'expanded', '2002']);
  });

  it('listCases: GET /remortgaging/cases or GET /buying/cases with that type’s query', async () => {
    const { calls } = mockFetch({
      'GET /api/remortgaging/cases': () => json(page([])),
      'GET /api/buying/cases': () => json(page([])),
    });
    const rem = listQuery('remortgaging', { propertyOwnerName: 'Smith' }, false);
    const buy = listQuery('buying', { buyerName: 'Jones', hasPaidDeposit: true }, true);
    expect(rem).toEqual(remortgagingQuery({ propertyOwnerName: 'Smith' }, false));
    expect(buy).toEqual(buyingQuery({ buyerName: 'Jones', hasPaidDeposit: true }, true));
    await listCases('remortgaging', rem);
    await listCases('buying', buy);
    expect(calls.map((c) => c.path)).toEqual(['/api/remortgaging/cases', '/api/buying/cases']);
    expect(new URL(calls[0].request.url).searchParams.get('propertyOwnerName')).toBe('Smith');
    const buyParams = new URL(calls[1].request.url).searchParams;
    expect(buyParams.get('buyerName')).toBe('Jones');
    expect(buyParams.get('hasPaidDeposit')).toBe('true');
    expect(casesQuery('buying', buy).queryKey).toEqual(['cases', 'buying', 'list', buy]);
  });

  it('createCase: POST /remortgaging/case or POST /buying/case with the body as given', async () => {
    const { calls } = mockFetch({
      'POST /api/remortgaging/case': () => json(CREATED, 201),
      'POST /api/buying/case': () => json({ ...CREATED, caseType: 'BUYING' }, 201),
    });
    const remBody = { property: { addressLine1: '1 High Street' } } as RemortgagingCaseBody;
    const buyBody = { purchasePrice: 100 } as BuyingCaseBody;
    expect((await createCase('remortgaging', remBody)).caseType).toBe('REMORTGAGING');
    expect((await createCase('buying', buyBody)).caseType).toBe('BUYING');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/remortgaging/case',
      'POST /api/buying/case',
    ]);
    expect(JSON.parse(calls[0].body!)).toEqual(remBody);
    expect(JSON.parse(calls[1].body!)).toEqual(buyBody);
  });
});
