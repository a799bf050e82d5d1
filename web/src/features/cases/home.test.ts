import { describe, expect, it } from 'vitest';
import { overviews } from '../../test/cases';
import { homeKind } from './home';

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
