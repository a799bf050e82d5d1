import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RemortgagingExpanded } from '../../../lib/api/types';
import { apiError, json, noContent, type Handler } from '../../../test/fetchMock';
import { makeMe } from '../../../test/fixtures';
import { bodiesOf, CASE_ID, remCase, renderSection } from '../../../test/ownersFixtures';
import { OWNERS_TEXTS } from '../ownersTexts';
import { TRANSFER_REASONS, TRANSFER_TEXTS } from '../transferTexts';
import { TransferOfEquitySection } from './TransferOfEquitySection';

const ANN = makeMe({ id: 'user-1' });
const API = `/api/remortgaging/${CASE_ID}/transfer-of-equity`;

afterEach(() => vi.unstubAllGlobals());

function toeCase(transferOfEquity: RemortgagingExpanded['transferOfEquity'] = null) {
  return remCase({ remortgagingReason: 'REMORTGAGE_TRANSFER_OF_EQUITY', transferOfEquity });
}

async function show(get: () => RemortgagingExpanded, routes: Record<string, Handler> = {}) {
  const result = await renderSection(TransferOfEquitySection, ANN, get, routes);
  await screen.findByRole('heading', { level: 2, name: TRANSFER_TEXTS.reasonHeading });
  return result;
}

const reasonForm = () => screen.getByRole('form', { name: TRANSFER_TEXTS.reasonHeading });
const removedRegion = () => screen.getByRole('region', { name: TRANSFER_TEXTS.removedHeading });

describe('the Transfer of Equity section', () => {
  it('ENUM-07: offers the three reasons with their explanations; one must be chosen', async () => {
    const { calls } = await show(() => toeCase());
    const form = reasonForm();
    expect(Object.keys(TRANSFER_REASONS)).toEqual([
      'COURT_ORDER',
      'CONSENT_ORDER',
      'PRIVATE_AGREEMENT',
    ]);
    expect(within(form).getAllByRole('radio')).toHaveLength(3);
    for (const reason of Object.values(TRANSFER_REASONS)) {
      expect(
        within(form).getByRole('radio', { name: new RegExp(reason.label) }),
      ).toBeInTheDocument();
      expect(within(form).getByText(reason.explanation)).toBeInTheDocument();
    }
    await userEvent.click(within(form).getByRole('button', { name: TRANSFER_TEXTS.saveReason }));
    expect(await within(form).findByText(TRANSFER_TEXTS.reasonRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('saves the reason', async () => {
    let theCase = toeCase();
    const { calls, router } = await show(() => theCase, {
      [`POST ${API}`]: () => {
        theCase = toeCase({ reason: 'CONSENT_ORDER', removedOwners: [] });
        return json({ requoted: false });
      },
    });
    const form = reasonForm();
    await userEvent.click(within(form).getByRole('radio', { name: /Consent order/ }));
    await userEvent.click(within(form).getByRole('button', { name: TRANSFER_TEXTS.saveReason }));
    expect(await within(form).findByText(OWNERS_TEXTS.saved)).toBeInTheDocument();
    expect(bodiesOf(calls, 'POST', API)).toEqual([{ reason: 'CONSENT_ORDER' }]);
    expect(router.state.location.pathname).toBe('/');
  });

  it('a reason that changes the quote takes the owner to the new quote (issue 28)', async () => {
    const { router } = await show(() => toeCase(), {
      [`POST ${API}`]: () => json({ requoted: true }),
    });
    const form = reasonForm();
    await userEvent.click(within(form).getByRole('radio', { name: /Court order/ }));
    await userEvent.click(within(form).getByRole('button', { name: TRANSFER_TEXTS.saveReason }));
    expect(await screen.findByText(TRANSFER_TEXTS.requoted)).toBeInTheDocument();
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/remortgaging/${CASE_ID}/application/quote`),
    );
  });

  it('shows the saved reason', async () => {
    await show(() => toeCase({ reason: 'COURT_ORDER', removedOwners: [] }));
    expect(within(reasonForm()).getByRole('radio', { name: /Court order/ })).toBeChecked();
  });

  it("a refusal shows the server's reason; a 422 on reason goes on the question", async () => {
    let answer = apiError(409, 'Complete the Owners section first.');
    await show(() => toeCase(), { [`POST ${API}`]: () => answer });
    const form = reasonForm();
    await userEvent.click(within(form).getByRole('radio', { name: /Private agreement/ }));
    await userEvent.click(within(form).getByRole('button', { name: TRANSFER_TEXTS.saveReason }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Complete the Owners section first.',
    );
    answer = apiError(422, 'Invalid', { reason: 'Unknown reason' });
    await userEvent.click(within(form).getByRole('button', { name: TRANSFER_TEXTS.saveReason }));
    expect(await within(form).findByText('Unknown reason')).toBeInTheDocument();
    expect(within(form).getByRole('radio', { name: /Private agreement/ })).toBeChecked();
  });

  it('adds and removes owners being removed from the title', async () => {
    let theCase = toeCase({ reason: 'COURT_ORDER', removedOwners: [] });
    const { calls } = await show(() => theCase, {
      [`POST ${API}/removed-owners`]: () => {
        theCase = toeCase({
          reason: 'COURT_ORDER',
          removedOwners: [{ id: 9, fullName: 'Dan Smith', email: 'dan@example.com' }],
        });
        return json({ id: 9 }, 201);
      },
      [`DELETE ${API}/removed-owners/9`]: () => {
        theCase = toeCase({ reason: 'COURT_ORDER', removedOwners: [] });
        return noContent();
      },
    });
    const region = removedRegion();
    expect(within(region).getByText(TRANSFER_TEXTS.noRemoved)).toBeInTheDocument();
    const form = within(region).getByRole('form', { name: TRANSFER_TEXTS.addRemovedHeading });
    await userEvent.type(within(form).getByRole('textbox', { name: /Full name/ }), ' Dan Smith ');
    await userEvent.type(within(form).getByRole('textbox', { name: /Email/ }), 'Dan@Example.com');
    await userEvent.click(within(form).getByRole('button', { name: TRANSFER_TEXTS.addRemoved }));
    const list = await within(region).findByRole('list', { name: TRANSFER_TEXTS.removedHeading });
    expect(within(list).getByText('Dan Smith')).toBeInTheDocument();
    expect(within(list).getByText('dan@example.com')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /Full name/ })).toHaveValue('');
    expect(bodiesOf(calls, 'POST', `${API}/removed-owners`)).toEqual([
      { fullName: 'Dan Smith', email: 'dan@example.com' },
    ]);

    await userEvent.click(within(list).getByRole('button', { name: 'Remove Dan Smith' }));
    const dialog = await screen.findByRole('dialog', {
      name: TRANSFER_TEXTS.removeTitle('Dan Smith'),
    });
    await userEvent.click(within(dialog).getByRole('button', { name: OWNERS_TEXTS.remove }));
    await waitFor(() => expect(within(region).getByText(TRANSFER_TEXTS.noRemoved)).toBeVisible());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      `${API}/removed-owners/9`,
    ]);
  });

  it('a removed owner: the name is required, the e-mail optional; a 422 keeps the input', async () => {
    const { calls } = await show(() => toeCase(), {
      [`POST ${API}/removed-owners`]: () =>
        apiError(422, 'Invalid', { fullName: 'Full name is too long' }),
    });
    const form = within(removedRegion()).getByRole('form', {
      name: TRANSFER_TEXTS.addRemovedHeading,
    });
    await userEvent.click(within(form).getByRole('button', { name: TRANSFER_TEXTS.addRemoved }));
    expect(await within(form).findByText(OWNERS_TEXTS.fullNameRequired)).toBeInTheDocument();
    await userEvent.type(within(form).getByRole('textbox', { name: /Full name/ }), 'D');
    await userEvent.click(within(form).getByRole('button', { name: TRANSFER_TEXTS.addRemoved }));
    expect(await within(form).findByText(OWNERS_TEXTS.fullNameTooShort)).toBeInTheDocument();
    await userEvent.type(within(form).getByRole('textbox', { name: /Full name/ }), 'an Smith');
    await userEvent.click(within(form).getByRole('button', { name: TRANSFER_TEXTS.addRemoved }));
    expect(await within(form).findByText('Full name is too long')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /Full name/ })).toHaveValue('Dan Smith');
    expect(bodiesOf(calls, 'POST', `${API}/removed-owners`)).toEqual([{ fullName: 'Dan Smith' }]);
  });
});
