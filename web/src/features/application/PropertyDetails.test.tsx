import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '../../components/GenericError';
import type { RemortgagingExpanded } from '../../lib/api/types';
import { applicationServer, bodyOf, remCase, withStates } from '../../test/application';
import { apiError, noContent } from '../../test/fetchMock';
import { renderApp } from '../../test/renderApp';
import { APPLICATION_TEXTS, KEY_FACTS_TEXTS, PROPERTY_TEXTS } from './texts';

const PATH = '/remortgaging/1001/application/property-details';

beforeEach(() => window.sessionStorage.clear());

describe('Property Details', () => {
  it('REM-APP-12 ENUM-16: shows the address read-only and the three questions, labelled', async () => {
    applicationServer(() => remCase());
    renderApp(PATH);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Property Details' }),
    ).toBeInTheDocument();
    expect(screen.getByText('1 High Street, Canterbury, Kent, CT1 1AA')).toBeInTheDocument();
    expect(
      screen.getByRole('radiogroup', { name: PROPERTY_TEXTS.landOwnership }),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Joint tenants/ })).toBeInTheDocument();
    expect(screen.getByText(/passes to the survivor automatically/)).toBeInTheDocument();
    expect(screen.getByText(/the shares can be unequal/)).toBeInTheDocument();
    const type = screen.getByRole('combobox', { name: PROPERTY_TEXTS.propertyType });
    // Placeholder + the 14 types.
    expect(within(type).getAllByRole('option')).toHaveLength(15);
    const values = within(type)
      .getAllByRole('option')
      .map((o) => (o as HTMLOptionElement).value)
      .filter(Boolean);
    expect([...values].sort()).toEqual(
      [
        'APARTMENT_FLAT',
        'CONVERTED',
        'COTTAGE',
        'DETACHED_HOUSE',
        'DETACHED_BUNGALOW',
        'LOFT',
        'MAISONETTE',
        'SEMI_DETACHED_HOUSE',
        'SEMI_DETACHED_BUNGALOW',
        'STATIC_CARAVAN',
        'STUDIO_APARTMENT',
        'TERRACED',
        'TOWNHOUSE',
        'VILLA',
      ].sort(),
    );
    expect(screen.getByRole('radiogroup', { name: PROPERTY_TEXTS.tenure })).toBeInTheDocument();
  });

  it('inline validation: nothing is sent until every question is answered', async () => {
    const { calls } = applicationServer(() =>
      remCase({ property: { ...remCase().property, type: null, tenure: null } }),
    );
    renderApp(PATH);
    await userEvent.click(await screen.findByRole('button', { name: APPLICATION_TEXTS.save }));
    expect(await screen.findByText(PROPERTY_TEXTS.landOwnershipRequired)).toBeInTheDocument();
    expect(screen.getByText(PROPERTY_TEXTS.propertyTypeRequired)).toBeInTheDocument();
    expect(screen.getByText(PROPERTY_TEXTS.tenureRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('saves POST /property; a leasehold also saves its ground rent in pence', async () => {
    const { calls } = applicationServer(() => remCase(), {
      'POST /api/property': () => noContent(),
      'POST /api/remortgaging/1001/ground-rent': () => noContent(),
    });
    renderApp(PATH);
    await userEvent.click(await screen.findByRole('radio', { name: /Tenants in common/ }));
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: PROPERTY_TEXTS.propertyType }),
      'SEMI_DETACHED_HOUSE',
    );
    await userEvent.click(screen.getByRole('radio', { name: /Leasehold/ }));
    await userEvent.click(screen.getByRole('button', { name: APPLICATION_TEXTS.save }));
    expect(await screen.findByText(PROPERTY_TEXTS.amountRequired)).toBeInTheDocument();
    expect(screen.getByText(PROPERTY_TEXTS.frequencyRequired)).toBeInTheDocument();
    const amount = screen.getByRole('textbox', { name: PROPERTY_TEXTS.groundRentAmount });
    await userEvent.type(amount, '250.5');
    await userEvent.click(screen.getByRole('radio', { name: 'Once a year' }));
    await userEvent.click(screen.getByRole('button', { name: APPLICATION_TEXTS.save }));
    expect(await screen.findByText(APPLICATION_TEXTS.saved)).toBeInTheDocument();
    expect(bodyOf(calls, 'POST', '/api/property')).toEqual({
      caseType: 'REMORTGAGING',
      caseId: 1001,
      landOwnership: 'TENANTS_IN_COMMON',
      propertyType: 'SEMI_DETACHED_HOUSE',
      tenure: 'LEASEHOLD',
    });
    expect(bodyOf(calls, 'POST', '/api/remortgaging/1001/ground-rent')).toEqual({
      amount: 25050,
      frequency: 'ANNUALLY',
    });
    const order = calls.filter((c) => c.method === 'POST').map((c) => c.path);
    expect(order).toEqual(['/api/property', '/api/remortgaging/1001/ground-rent']);
  });

  it("the server's 422 goes on the field it names, and what was typed stays", async () => {
    applicationServer(() => remCase(), {
      'POST /api/property': () =>
        apiError(422, 'Some fields are not valid', { propertyType: 'Not a property type we know' }),
    });
    renderApp(PATH);
    await userEvent.click(await screen.findByRole('radio', { name: /Sole owner/ }));
    await userEvent.click(screen.getByRole('button', { name: APPLICATION_TEXTS.save }));
    const select = screen.getByRole('combobox', { name: PROPERTY_TEXTS.propertyType });
    expect(await screen.findByText('Not a property type we know')).toBeInTheDocument();
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveValue('TERRACED');
    expect(screen.getByRole('radio', { name: /Sole owner/ })).toBeChecked();
    expect(screen.queryByText(ERROR_TEXTS.body)).toBeNull();
  });

  it('a 409 shows the engine reason; any other failure the generic error', async () => {
    let answer = () => apiError(409, 'Property Details is locked until the quote is accepted.');
    applicationServer(() => remCase(), { 'POST /api/property': () => answer() });
    renderApp(PATH);
    await userEvent.click(await screen.findByRole('radio', { name: /Sole owner/ }));
    await userEvent.click(screen.getByRole('button', { name: APPLICATION_TEXTS.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Property Details is locked until the quote is accepted.',
    );
    answer = () => apiError(500);
    await userEvent.click(screen.getByRole('button', { name: APPLICATION_TEXTS.save }));
    expect(await screen.findByText(ERROR_TEXTS.body)).toBeInTheDocument();
  });

  it('an unsaved draft survives a reload; a save forgets it', async () => {
    applicationServer(() => remCase(), { 'POST /api/property': () => noContent() });
    const first = renderApp(PATH);
    await userEvent.click(await screen.findByRole('radio', { name: /Joint tenants/ }));
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: PROPERTY_TEXTS.propertyType }),
      'COTTAGE',
    );
    first.unmount();
    const second = renderApp(PATH);
    expect(await screen.findByRole('radio', { name: /Joint tenants/ })).toBeChecked();
    expect(screen.getByRole('combobox', { name: PROPERTY_TEXTS.propertyType })).toHaveValue(
      'COTTAGE',
    );
    await userEvent.click(screen.getByRole('button', { name: APPLICATION_TEXTS.save }));
    expect(await screen.findByText(APPLICATION_TEXTS.saved)).toBeInTheDocument();
    second.unmount();
    renderApp(PATH);
    expect(await screen.findByRole('radio', { name: /Joint tenants/ })).not.toBeChecked();
  });
});

describe('the wizard on the section pages', () => {
  it('Previous and Next skip hidden and locked sections', async () => {
    applicationServer(() =>
      remCase(
        {},
        withStates({
          owners: 'LOCKED',
          'property-alterations': 'LOCKED',
          'financial-details': 'HIDDEN',
          documents: 'NOT_STARTED',
        }),
      ),
    );
    renderApp('/remortgaging/1001/application/property-details');
    const nav = await screen.findByRole('navigation', { name: 'Application sections' });
    expect(within(nav).getByRole('link', { name: 'Previous: Quote' })).toHaveAttribute(
      'href',
      '/remortgaging/1001/application/quote',
    );
    expect(within(nav).getByRole('link', { name: 'Next: Documents' })).toHaveAttribute(
      'href',
      '/remortgaging/1001/application/documents',
    );
  });

  it('after a save the refetched states open the next section', async () => {
    let current: RemortgagingExpanded = remCase(
      {},
      withStates({
        owners: 'LOCKED',
        'property-alterations': 'LOCKED',
        'financial-details': 'LOCKED',
        documents: 'LOCKED',
        'review-and-submit': 'LOCKED',
      }),
    );
    applicationServer(() => current, {
      'POST /api/property': () => {
        current = remCase(
          {},
          withStates({
            'property-details': 'IS_COMPLETE',
            'property-alterations': 'LOCKED',
            'financial-details': 'LOCKED',
            documents: 'LOCKED',
            'review-and-submit': 'LOCKED',
          }),
        );
        return noContent();
      },
    });
    const { router } = renderApp(PATH);
    const nav = await screen.findByRole('navigation', { name: 'Application sections' });
    expect(within(nav).queryByRole('link', { name: /^Next/ })).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: /Sole owner/ }));
    await userEvent.click(screen.getByRole('button', { name: APPLICATION_TEXTS.save }));
    const next = await within(nav).findByRole('link', { name: 'Next: Owners' });
    await userEvent.click(next);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/remortgaging/1001/application/owners'),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Owners' })).toBeInTheDocument();
  });

  it('Key Facts: a read-only summary, with a link to its edit form', async () => {
    applicationServer(() => remCase());
    renderApp('/remortgaging/1001/application/key-facts');
    const facts = await screen.findByTestId('key-facts');
    expect(within(facts).getByText(KEY_FACTS_TEXTS.propertyValue)).toBeInTheDocument();
    expect(within(facts).getByText('£350,000.00')).toBeInTheDocument();
    expect(await within(facts).findByText('Nationwide Building Society')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: KEY_FACTS_TEXTS.editLink })).toHaveAttribute(
      'href',
      '/remortgaging/1001/application/key-facts/edit',
    );
    expect(screen.getByRole('link', { name: 'Next: Quote' })).toBeInTheDocument();
  });
});
