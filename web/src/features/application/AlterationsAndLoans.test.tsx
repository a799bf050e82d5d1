import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RemortgagingExpanded } from '../../lib/api/types';
import { applicationServer, bodyOf, remCase } from '../../test/application';
import { apiError, json, noContent } from '../../test/fetchMock';
import { renderApp } from '../../test/renderApp';
import { ALTERATIONS_TEXTS, APPLICATION_TEXTS, LOANS_TEXTS } from './texts';

const ALTERATIONS = '/remortgaging/1001/application/property-alterations';
const LOANS = '/remortgaging/1001/application/financial-details';

beforeEach(() => window.sessionStorage.clear());

/** The values a select offers, its placeholder left out. */
function optionValues(select: HTMLElement): string[] {
  return within(select)
    .getAllByRole('option')
    .map((o) => (o as HTMLOptionElement).value)
    .filter(Boolean)
    .sort();
}

describe('Property Alterations', () => {
  it('the answer is required; "No" is saved as hasAlterations false', async () => {
    const { calls } = applicationServer(() => remCase(), {
      'POST /api/property/alterations': () => noContent(),
    });
    renderApp(ALTERATIONS);
    await userEvent.click(await screen.findByRole('button', { name: APPLICATION_TEXTS.save }));
    expect(await screen.findByText(ALTERATIONS_TEXTS.answerRequired)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'No' }));
    await userEvent.click(screen.getByRole('button', { name: APPLICATION_TEXTS.save }));
    expect(await screen.findByText(APPLICATION_TEXTS.saved)).toBeInTheDocument();
    expect(bodyOf(calls, 'POST', '/api/property/alterations')).toEqual({
      caseType: 'REMORTGAGING',
      caseId: 1001,
      hasAlterations: false,
    });
  });

  it('"No" while alterations are listed: the server says to remove them first (409)', async () => {
    applicationServer(
      () =>
        remCase({
          hasAlterations: true,
          alterations: [
            { id: 7, alterationType: 'LOFT', completedOn: '2019-05-01', documentsHeldBy: 'OWNER' },
          ],
        }),
      { 'POST /api/property/alterations': () => apiError(409, 'Remove the alterations first.') },
    );
    renderApp(ALTERATIONS);
    const list = await screen.findByRole('list', { name: ALTERATIONS_TEXTS.listHeading });
    expect(within(list).getByText('Loft conversion')).toBeInTheDocument();
    expect(within(list).getByText('Completed 01/05/2019')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'No' }));
    await userEvent.click(screen.getByRole('button', { name: APPLICATION_TEXTS.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Remove the alterations first.');
    expect(screen.getByRole('radio', { name: 'No' })).toBeChecked();
  });

  it('ENUM-17: adds an alteration; a future date is refused inline; 422 on a nested field lands on it', async () => {
    let post = () => json({ id: 8 }, 201);
    const { calls } = applicationServer(() => remCase({ hasAlterations: true }), {
      'POST /api/property/alterations': () => post(),
    });
    renderApp(ALTERATIONS);
    const form = await screen.findByRole('form', { name: ALTERATIONS_TEXTS.addHeading });
    // ENUM-17: the 14 alteration types.
    expect(
      optionValues(within(form).getByRole('combobox', { name: ALTERATIONS_TEXTS.type })),
    ).toEqual(
      [
        'BASEMENT_CONVERSION',
        'BOILER',
        'CONSERVATORY',
        'ELECTRICAL',
        'EXTENSION',
        'GAS',
        'GARAGE',
        'GARAGE_CONVERSION',
        'HEATING',
        'INSULATION',
        'LOFT',
        'REMOVAL_OF_WALLS',
        'SOLAR',
        'WINDOWS_AND_DOORS',
      ].sort(),
    );
    await userEvent.click(within(form).getByRole('button', { name: ALTERATIONS_TEXTS.add }));
    expect(await within(form).findByText(ALTERATIONS_TEXTS.typeRequired)).toBeInTheDocument();
    expect(within(form).getByText(ALTERATIONS_TEXTS.heldByRequired)).toBeInTheDocument();

    await userEvent.selectOptions(
      within(form).getByRole('combobox', { name: ALTERATIONS_TEXTS.type }),
      'EXTENSION',
    );
    const date = within(form).getByLabelText(ALTERATIONS_TEXTS.completedOn);
    await userEvent.type(date, '2999-01-01');
    await userEvent.click(within(form).getByRole('radio', { name: /An owner/ }));
    await userEvent.click(within(form).getByRole('button', { name: ALTERATIONS_TEXTS.add }));
    expect(await within(form).findByText(ALTERATIONS_TEXTS.dateFuture)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.clear(date);
    await userEvent.type(date, '2020-06-15');
    post = () =>
      apiError(422, 'Some fields are not valid', {
        'alteration.completedOn': 'The date cannot be after today',
      });
    await userEvent.click(within(form).getByRole('button', { name: ALTERATIONS_TEXTS.add }));
    expect(await within(form).findByText('The date cannot be after today')).toBeInTheDocument();
    expect(date).toHaveValue('2020-06-15');

    post = () => json({ id: 8 }, 201);
    await userEvent.click(within(form).getByRole('button', { name: ALTERATIONS_TEXTS.add }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/property/alterations')).toHaveLength(2),
    );
    const last = calls.filter((c) => c.path === '/api/property/alterations').at(-1);
    expect(JSON.parse(last?.body ?? '{}')).toEqual({
      caseType: 'REMORTGAGING',
      caseId: 1001,
      hasAlterations: true,
      alteration: {
        alterationType: 'EXTENSION',
        completedOn: '2020-06-15',
        documentsHeldBy: 'OWNER',
      },
    });
  });

  it('deletes an alteration by its id', async () => {
    const { calls } = applicationServer(
      () =>
        remCase({
          hasAlterations: true,
          alterations: [
            { id: 7, alterationType: 'SOLAR', completedOn: null, documentsHeldBy: 'SOLICITOR' },
          ],
        }),
      { 'POST /api/remortgaging/1001/property/alterations/7/delete': () => noContent() },
    );
    renderApp(ALTERATIONS);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Solar panels' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.path === '/api/remortgaging/1001/property/alterations/7/delete'),
      ).toBe(true),
    );
  });
});

describe('Financial Details', () => {
  it('ENUM-18: lists the charges, adds one in pence, deletes one', async () => {
    let current: RemortgagingExpanded = remCase({
      hasLoans: true,
      loans: [{ id: 5, chargeType: 'MORTGAGE', lenderName: 'Halifax', amount: 15_000_000 }],
    });
    const { calls } = applicationServer(() => current, {
      'POST /api/loans': () => {
        current = {
          ...current,
          loans: [
            ...current.loans,
            { id: 6, chargeType: 'SECURED_LOAN', lenderName: 'Acme Loans', amount: 150_050 },
          ],
        };
        return json({ id: 6 }, 201);
      },
      'DELETE /api/loans/5': () => noContent(),
    });
    renderApp(LOANS);
    const list = await screen.findByRole('list', { name: LOANS_TEXTS.listHeading });
    expect(within(list).getByText('Lender: Halifax')).toBeInTheDocument();
    expect(within(list).getByText('Amount: £150,000.00')).toBeInTheDocument();

    const form = screen.getByRole('form', { name: LOANS_TEXTS.addHeading });
    // ENUM-18: the six existing charge types.
    expect(
      optionValues(within(form).getByRole('combobox', { name: LOANS_TEXTS.chargeType })),
    ).toEqual(
      [
        'FURTHER_ADVANCE',
        'SECURED_LOAN',
        'MORTGAGE',
        'LEGAL_AID_BOARD_CHARGE',
        'CHARGING_ORDER',
        'OTHER',
      ].sort(),
    );
    await userEvent.selectOptions(
      within(form).getByRole('combobox', { name: LOANS_TEXTS.chargeType }),
      'SECURED_LOAN',
    );
    await userEvent.type(
      within(form).getByRole('textbox', { name: LOANS_TEXTS.lenderName }),
      'Acme Loans',
    );
    const amount = within(form).getByRole('textbox', { name: LOANS_TEXTS.amount });
    await userEvent.type(amount, 'lots');
    await userEvent.click(within(form).getByRole('button', { name: LOANS_TEXTS.add }));
    expect(await within(form).findByText(LOANS_TEXTS.amountInvalid)).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '1,500.50');
    await userEvent.click(within(form).getByRole('button', { name: LOANS_TEXTS.add }));
    expect(await within(list).findByText('Lender: Acme Loans')).toBeInTheDocument();
    expect(bodyOf(calls, 'POST', '/api/loans')).toEqual({
      caseType: 'REMORTGAGING',
      caseId: 1001,
      hasLoans: true,
      loan: { chargeType: 'SECURED_LOAN', lenderName: 'Acme Loans', amount: 150_050 },
    });
    // The form is empty again for the next one.
    expect(within(form).getByRole('textbox', { name: LOANS_TEXTS.lenderName })).toHaveValue('');

    await userEvent.click(screen.getByRole('button', { name: 'Delete Mortgage' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });

  it('a 422 on the lender name shows on that field', async () => {
    applicationServer(() => remCase({ hasLoans: true }), {
      'POST /api/loans': () =>
        apiError(422, 'Some fields are not valid', { 'loan.lenderName': 'Too long' }),
    });
    renderApp(LOANS);
    const form = await screen.findByRole('form', { name: LOANS_TEXTS.addHeading });
    await userEvent.selectOptions(
      within(form).getByRole('combobox', { name: LOANS_TEXTS.chargeType }),
      'OTHER',
    );
    await userEvent.type(within(form).getByRole('textbox', { name: LOANS_TEXTS.lenderName }), 'X');
    await userEvent.click(within(form).getByRole('button', { name: LOANS_TEXTS.add }));
    expect(await within(form).findByText('Too long')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: LOANS_TEXTS.lenderName })).toHaveValue('X');
  });
});
