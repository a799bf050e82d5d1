import { describe, expect, it } from 'vitest';
import { overviews } from '../../test/cases';
import { giftHome, homeKind } from './home';

describe('homeKind', () => {
  it('is remortgaging for anyone with a remortgage', () => {
    expect(homeKind(overviews(1, 0), true)).toBe('remortgaging');
    expect(homeKind(overviews(2, 3), true)).toBe('remortgaging');
  });

  it('is buying when the only cases are purchases', () => {
    expect(homeKind(overviews(0, 1), true)).toBe('buying');
  });

  it('never sends a user without BUYING to the buying list', () => {
    expect(homeKind(overviews(0, 1), false)).toBe('remortgaging');
  });

  it('is remortgaging (and so the start page) with no case at all', () => {
    expect(homeKind(overviews(0, 0), true)).toBe('remortgaging');
  });
});

describe('giftHome', () => {
  const gifts = [
    { caseId: 2003, caseType: 'BUYING', status: 'INVITED' },
    { caseId: 2002, caseType: 'BUYING', status: 'ACCEPTED' },
  ] as const;

  it("is a donor's newest gift when they have no case of their own", () => {
    expect(giftHome(overviews(0, 0, [...gifts]))).toBe(2003);
  });

  it('is none without a gift, or for anyone with a case of their own', () => {
    expect(giftHome(overviews(0, 0))).toBeNull();
    expect(giftHome(overviews(1, 0, [...gifts]))).toBeNull();
    expect(giftHome(overviews(0, 1, [...gifts]))).toBeNull();
  });
});
