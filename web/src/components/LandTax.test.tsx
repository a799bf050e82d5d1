import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LandTax } from './LandTax';

const SPEC = 'The estimate assumes England, UK-resident buyers and no multiple property ownership.';

describe('LandTax', () => {
  it("CONST-29: a quote's estimate says what it assumed: the spec's sentence without the server's", () => {
    render(
      <LandTax
        estimate={{ landTaxType: 'STAMP_DUTY_LAND_TAX', amount: 500_000 }}
        withAssumptions
      />,
    );
    expect(screen.getByTestId('land-tax')).toHaveTextContent(SPEC);
  });

  it("issue 28: the server's sentence replaces it when given", () => {
    const assumptions =
      'The estimate assumes England, first-time buyers, a buyer not resident in the UK and no multiple property ownership.';
    render(
      <LandTax
        estimate={{ landTaxType: 'STAMP_DUTY_LAND_TAX', amount: 0, assumptions }}
        withAssumptions
      />,
    );
    const box = screen.getByTestId('land-tax');
    expect(box).toHaveTextContent('No Stamp Duty Land Tax is expected on this purchase.');
    expect(box).toHaveTextContent(assumptions);
    expect(box).not.toHaveTextContent(SPEC);
  });

  it('an estimate made from the answers themselves (the application section) assumes nothing', () => {
    render(
      <LandTax
        estimate={{ landTaxType: 'STAMP_DUTY_LAND_TAX', amount: 500_000, assumptions: 'Assumed.' }}
      />,
    );
    expect(screen.getByTestId('land-tax')).not.toHaveTextContent(/assume/i);
  });
});
