import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, fullLegalName } from './format';

describe('formatMoney', () => {
  it('shows integer pence as pounds with pence', () => {
    expect(formatMoney(0)).toBe('£0.00');
    expect(formatMoney(5)).toBe('£0.05');
    expect(formatMoney(45_000)).toBe('£450.00');
    expect(formatMoney(123_456_789)).toBe('£1,234,567.89');
  });
});

describe('formatDate', () => {
  it('shows dd/MM/yyyy', () => {
    expect(formatDate(new Date(2026, 2, 5, 12))).toBe('05/03/2026');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('fullLegalName', () => {
  it('ENT-04: joins first, middle and surname, leaving blanks out', () => {
    expect(fullLegalName({ firstName: 'John', middleNames: 'Paul George', surname: 'Smith' })).toBe(
      'John Paul George Smith',
    );
    expect(fullLegalName({ firstName: 'John', middleNames: null, surname: 'Smith' })).toBe(
      'John Smith',
    );
    expect(fullLegalName({ firstName: 'John', middleNames: '  ', surname: 'Smith' })).toBe(
      'John Smith',
    );
  });
});
