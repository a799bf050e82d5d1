// Key Facts and its edit form (/{caseType}/{caseId}/application/key-facts/edit).
// Checklist: REM-APP-03 (edit saves via POST /remortgaging/case/{caseId}), BUY-APP-03 (a
// purchase's saves via POST /buying/case/{caseId}), ELIG-06 ('purchasing'), REM-APP-04 (open
// while complete), REM-APP-05 and GUARD-04 (ineligible: disabled, the URL goes to the list),
// REM-APP-06 (a closed case offers no edit), CALLS-18 (the update call and its body), ELIG-04
// (an update that makes the case ineligible shows the server's reason), ENUM-11 (the six
// remortgage reasons), VAL (the start form's messages, word for word).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BuyingExpanded, CaseView, RemortgagingExpanded } from '../../lib/api/types';
import {
  applicationServer,
  BUYING_SECTIONS,
  bodyOf,
  buyCase,
  buyingServer,
  OPEN_SECTIONS,
  remCase,
  withStates,
  type SectionEntry,
} from '../../test/application';
import { apiError, json } from '../../test/fetchMock';
import { makeMe } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { PRICE_TEXTS, STAIRCASING_TEXTS } from '../cases';
import { canEditKeyFacts } from './sections/KeyFactsSection';
import { APPLICATION_TEXTS, KEY_FACTS_TEXTS } from './texts';

const VIEW_PATH = '/remortgaging/1001/application/key-facts';
const EDIT_PATH = `${VIEW_PATH}/edit`;
const UPDATE = 'POST /api/remortgaging/case/1001';
const BROKER = makeMe({ id: 'broker-1', role: 'ROLE_BROKER' }, { preferredName: 'Bea' });

const CREATED = {
  caseId: 1001,
  caseType: 'REMORTGAGING',
  status: 'CUSTOMER_APPLICATION',
  ineligibilityReason: null,
  ineligibilityMessage: null,
  quote: null,
};

beforeEach(() => window.sessionStorage.clear());

/** A remortgage buying a further share, with the share and price recorded. */
const STAIRCASING_CASE: Partial<RemortgagingExpanded> = {
  remortgagingReason: 'SHARED_OWNERSHIP_STAIRCASING',
  staircasing: {
    shareBefore: 37.5,
    shareAfter: 100,
    sharePrice: 18_750_000,
    marketValueElectionMade: null,
  },
};

const field = (label: RegExp) => screen.getByLabelText(label);

async function openForm(path = EDIT_PATH) {
  const result = renderApp(path);
  expect(
    await screen.findByRole('heading', { level: 1, name: KEY_FACTS_TEXTS.editTitle }),
  ).toBeInTheDocument();
  // The form shows once the case and the lender list are in.
  await screen.findByRole('button', { name: APPLICATION_TEXTS.save });
  return result;
}

async function replace(label: RegExp, value: string) {
  await userEvent.clear(field(label));
  if (value) await userEvent.type(field(label), value);
}

describe('the Edit link on Key Facts', () => {
  it('REM-APP-04: an open case links to the edit form, which is filled in from the case', async () => {
    applicationServer(() => remCase());
    const { router } = renderApp(VIEW_PATH);
    await userEvent.click(
      await screen.findByRole('link', { name: KEY_FACTS_TEXTS.editLink }, { timeout: 15_000 }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(EDIT_PATH));
    // The first visit loads the form's code (a lazy route chunk): slow on a busy machine.
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: KEY_FACTS_TEXTS.editTitle },
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument();
    expect(field(/Where is the property/)).toHaveValue('ENGLAND');
    const answer = (name: string) => screen.getByRole('radiogroup', { name });
    expect(
      within(answer('Is the remortgage dependent on a sale?')).getByRole('radio', { name: 'No' }),
    ).toBeChecked();
    expect(
      within(answer('Is the property owned by a company?')).getByRole('radio', { name: 'No' }),
    ).toBeChecked();
    expect(
      within(answer('Is it a buy-to-let property?')).getByRole('radio', { name: 'No' }),
    ).toBeChecked();
    expect(
      within(answer('Is the property residential?')).getByRole('radio', { name: 'Yes' }),
    ).toBeChecked();
    expect(field(/Address line 1/)).toHaveValue('1 High Street');
    expect(field(/Address line 2/)).toHaveValue('');
    expect(field(/Town/)).toHaveValue('Canterbury');
    expect(field(/County/)).toHaveValue('Kent');
    expect(field(/^Postcode/)).toHaveValue('CT1 1AA');
    expect(field(/Tenure/)).toHaveValue('FREEHOLD');
    expect(field(/Property type/)).toHaveValue('TERRACED');
    expect(field(/Property value/)).toHaveValue('350000');
    expect(field(/Loan amount/)).toHaveValue('200000');
    expect(field(/New lender/)).toHaveValue('NATIONWIDE_BUILDING_SOCIETY');
    expect(field(/Reason for remortgaging/)).toHaveValue('END_OF_CURRENT_DEAL');
    // ENUM-11: 'Not sure yet' and the six reasons.
    expect(within(field(/Reason for remortgaging/)).getAllByRole('option')).toHaveLength(7);
    expect(field(/Current deal end date/)).toHaveValue('2027-01-31');
    // The broker reference is the broker's.
    expect(screen.queryByLabelText(/Broker reference/)).toBeNull();
  });

  it('a broker in a broker status is offered it too, with the broker reference', async () => {
    applicationServer(
      () =>
        remCase({ status: 'BROKER_APPLICATION', brokerReference: 'BR-1234' }, OPEN_SECTIONS, {
          status: 'BROKER_APPLICATION',
        }),
      {},
      BROKER,
    );
    renderApp(VIEW_PATH);
    expect(await screen.findByRole('link', { name: KEY_FACTS_TEXTS.editLink })).toBeInTheDocument();
  });

  it('REM-APP-06: never offered on a closed, submitted or disabled case (the engine decides)', () => {
    const view = (
      state: CaseView['sections'][number]['state'],
      more: Partial<CaseView> = {},
    ): CaseView => ({
      ...remCase({}, withStates({ 'key-facts': state })).view,
      ...more,
    });
    expect(canEditKeyFacts(view('IS_COMPLETE'))).toBe(true);
    expect(canEditKeyFacts(view('NOT_STARTED'))).toBe(true);
    expect(canEditKeyFacts(view('IS_DISABLED'))).toBe(false);
    expect(canEditKeyFacts(view('HIDDEN'))).toBe(false);
    expect(canEditKeyFacts(view('LOCKED'))).toBe(false);
    const closed = { closed: true, guide: null, waitsOn: null };
    expect(canEditKeyFacts(view('IS_COMPLETE', { stage: closed }))).toBe(false);
    expect(canEditKeyFacts(view('IS_COMPLETE', { submitted: true }))).toBe(false);
    expect(canEditKeyFacts({ ...view('IS_COMPLETE'), sections: [] })).toBe(false);
  });

  it('is hidden on the page when the engine closes the key facts', async () => {
    applicationServer(() =>
      remCase({}, OPEN_SECTIONS, {
        stage: { closed: true, guide: null, waitsOn: null },
      }),
    );
    renderApp(VIEW_PATH);
    expect(await screen.findByTestId('key-facts')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: KEY_FACTS_TEXTS.editLink })).toBeNull();
  });

  it('REM-APP-05 GUARD-04: the edit URL of an ineligible or cancelled case goes to the list', async () => {
    const disabled = OPEN_SECTIONS.map(([key, label]): SectionEntry => [key, label, 'IS_DISABLED']);
    let current: RemortgagingExpanded = remCase({ status: 'INELIGIBLE' }, disabled, {
      status: 'INELIGIBLE',
    });
    applicationServer(() => current);
    const first = renderApp(EDIT_PATH);
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/remortgaging'));
    first.unmount();
    const hidden = OPEN_SECTIONS.map(([key, label]): SectionEntry => [key, label, 'HIDDEN']);
    current = remCase({ status: 'CANCELLED' }, hidden, {
      status: 'CANCELLED',
      submitted: true,
    });
    const second = renderApp(EDIT_PATH);
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/remortgaging'));
  });
});

describe('the Key Facts edit form', () => {
  it('validation: the messages, word for word; nothing is sent', async () => {
    const { calls } = applicationServer(() => remCase());
    await openForm();
    await replace(/Address line 1/, '');
    await replace(/^Postcode/, 'NOPE');
    await replace(/Property value/, '');
    await replace(/Loan amount/, 'lots');
    await userEvent.click(screen.getByRole('button', { name: APPLICATION_TEXTS.save }));
    expect(
      await screen.findByText('The first line of the address is required'),
    ).toBeInTheDocument();
    expect(screen.getByText('Enter a UK postcode, like SW1A 1AA')).toBeInTheDocument();
    expect(screen.getByText('Enter an amount in pounds')).toBeInTheDocument();
    expect(screen.getByText('Enter an amount in pounds, like 250,000')).toBeInTheDocument();
    await replace(/^Postcode/, '');
    await userEvent.click(screen.getByRole('button', { name: APPLICATION_TEXTS.save }));
    expect(await screen.findByText('The postcode is required')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('a customer whose change re-quotes the case is taken to the new quote to accept it', async () => {
    applicationServer(() => remCase(), {
      [UPDATE]: () => json({ ...CREATED, quote: { id: 2, acceptedAt: null } }),
    });
    const { router } = await openForm();
    await replace(/Property value/, '410,000');
    await userEvent.click(screen.getByRole('button', { name: APPLICATION_TEXTS.save }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/remortgaging/1001/application/quote'),
    );
    expect(await screen.findByText(KEY_FACTS_TEXTS.requoted)).toBeInTheDocument();
  });

  it('CALLS-18: Save sends the key facts (pence, no client), says Saving... and goes back', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { calls } = applicationServer(() => remCase(), {
      [UPDATE]: async () => {
        await gate;
        return json(CREATED);
      },
    });
    const { router } = await openForm();
    await replace(/Property value/, '400,000.50');
    await userEvent.selectOptions(field(/Reason for remortgaging/), 'BORROW_MORE_MONEY');
    await userEvent.click(
      within(
        screen.getByRole('radiogroup', { name: 'Is the property owned by a company?' }),
      ).getByRole('radio', { name: 'No' }),
    );
    await userEvent.click(screen.getByRole('button', { name: APPLICATION_TEXTS.save }));
    expect(await screen.findByRole('button', { name: APPLICATION_TEXTS.saving })).toBeDisabled();
    expect(screen.getByRole('button', { name: KEY_FACTS_TEXTS.cancel })).toBeDisabled();
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe(VIEW_PATH));
    expect(await screen.findByText(KEY_FACTS_TEXTS.saved)).toBeInTheDocument();
    expect(bodyOf(calls, 'POST', '/api/remortgaging/case/1001')).toEqual({
      jurisdiction: 'ENGLAND',
      isDependentOnSale: false,
      isCompanyOwned: false,
      isResidential: true,
      propertyUsage: 'LIVE_IN',
      property: {
        addressLine1: '1 High Street',
        addressLine2: null,
        town: 'Canterbury',
        county: 'Kent',
        postcode: 'CT1 1AA',
        tenure: 'FREEHOLD',
        type: 'TERRACED',
      },
      propertyValue: 40000050,
      loanAmount: 20000000,
      newLender: 'NATIONWIDE_BUILDING_SOCIETY',
      remortgagingReason: 'BORROW_MORE_MONEY',
      currentDealEndDate: '2027-01-31',
      brokerReference: null,
      isRepayingHelpToBuy: false,
      staircasing: null,
    });
  });

  it('issue 28: Key Facts lists a staircasing remortgage’s share and price', async () => {
    applicationServer(() => remCase(STAIRCASING_CASE));
    renderApp(VIEW_PATH);
    const T = STAIRCASING_TEXTS;
    expect(await screen.findByText(T.staircasingShareBefore.term)).toBeInTheDocument();
    expect(screen.getByText('37.5%')).toBeInTheDocument();
    expect(screen.getByText('£187,500.00')).toBeInTheDocument();
    expect(screen.getByText(T.marketValueElectionMade.term)).toBeInTheDocument();
  });

  it('issue 28: the edit form shows the share and price it has, and sends them back', async () => {
    const { calls } = applicationServer(() => remCase(STAIRCASING_CASE), {
      [UPDATE]: () => json(CREATED),
    });
    await openForm();
    const T = STAIRCASING_TEXTS;
    expect(screen.getByLabelText(T.staircasingShareBefore.label)).toHaveValue('37.5');
    expect(screen.getByLabelText(T.staircasingPrice.label)).toHaveValue('187500');
    await userEvent.selectOptions(screen.getByLabelText(T.marketValueElectionMade.label), 'yes');
    await userEvent.click(screen.getByRole('button', { name: APPLICATION_TEXTS.save }));
    await waitFor(() =>
      expect(bodyOf(calls, 'POST', '/api/remortgaging/case/1001')).toMatchObject({
        remortgagingReason: 'SHARED_OWNERSHIP_STAIRCASING',
        staircasing: {
          shareBefore: 37.5,
          shareAfter: 100,
          sharePrice: 18_750_000,
          marketValueElectionMade: true,
        },
      }),
    );
  });

  it("a broker's save keeps the broker reference and still sends no client", async () => {
    const { calls } = applicationServer(
      () =>
        remCase(
          { status: 'BROKER_APPLICATION', brokerReference: 'BR-1234', isRepayingHelpToBuy: true },
          OPEN_SECTIONS,
          { status: 'BROKER_APPLICATION' },
        ),
      { [UPDATE]: () => json({ ...CREATED, status: 'BROKER_APPLICATION' }) },
      BROKER,
    );
    const { router } = await openForm();
    expect(field(/Broker reference/)).toHaveValue('BR-1234');
    await replace(/Broker reference/, 'BR-99');
    await userEvent.click(screen.getByRole('button', { name: APPLICATION_TEXTS.save }));
    await waitFor(() => expect(router.state.location.pathname).toBe(VIEW_PATH));
    const body = bodyOf(calls, 'POST', '/api/remortgaging/case/1001') as Record<string, unknown>;
    expect(body).toMatchObject({ brokerReference: 'BR-99', isRepayingHelpToBuy: true });
    expect(body).not.toHaveProperty('client');
  });

  it("a 422 puts the server's messages on their fields and keeps what was typed", async () => {
    applicationServer(() => remCase(), {
      [UPDATE]: () =>
        apiError(422, 'Some of the details are not valid.', {
          'property.postcode': 'Enter a valid UK postcode',
          loanAmount: 'must not be more than the property value',
        }),
    });
    const { router } = await openForm();
    await replace(/Loan amount/, '500000');
    await userEvent.click(screen.getByRole('button', { name: APPLICATION_TEXTS.save }));
    expect(await screen.findByText('Enter a valid UK postcode')).toBeInTheDocument();
    expect(screen.getByText('must not be more than the property value')).toBeInTheDocument();
    expect(field(/^Postcode/)).toHaveAttribute('aria-invalid', 'true');
    expect(field(/Loan amount/)).toHaveAttribute('aria-invalid', 'true');
    expect(field(/Loan amount/)).toHaveValue('500000');
    expect(screen.queryByText('Some of the details are not valid.')).toBeNull();
    expect(router.state.location.pathname).toBe(EDIT_PATH);
  });

  it('a 422 naming no field of the form, and a 409, are shown above the buttons', async () => {
    let answer = () =>
      apiError(422, 'Some of the details are not valid.', { client: 'is not an accepted field' });
    applicationServer(() => remCase(), { [UPDATE]: () => answer() });
    const { router } = await openForm();
    await userEvent.click(screen.getByRole('button', { name: APPLICATION_TEXTS.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Some of the details are not valid.',
    );
    answer = () => apiError(409, 'The key facts of this case can no longer be changed.');
    await userEvent.click(screen.getByRole('button', { name: APPLICATION_TEXTS.save }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'The key facts of this case can no longer be changed.',
      ),
    );
    expect(router.state.location.pathname).toBe(EDIT_PATH);
  });

  it("ELIG-04: new key facts that rule the case out show the server's reason", async () => {
    const message =
      "Remortgaging a buy-to-let property is a little more complex, and we're not quite ready for you just yet.";
    let current = remCase();
    applicationServer(() => current, {
      [UPDATE]: () => {
        const disabled = OPEN_SECTIONS.map(([key, label]): SectionEntry => [
          key,
          label,
          'IS_DISABLED',
        ]);
        current = remCase({ status: 'INELIGIBLE', propertyUsage: 'BUY_TO_LET' }, disabled, {
          status: 'INELIGIBLE',
          stage: { closed: true, guide: null, waitsOn: null },
        });
        return json({
          ...CREATED,
          status: 'INELIGIBLE',
          ineligibilityReason: 'BUY_TO_LET',
          ineligibilityMessage: message,
        });
      },
    });
    const { router } = await openForm();
    await userEvent.click(
      within(screen.getByRole('radiogroup', { name: 'Is it a buy-to-let property?' })).getByRole(
        'radio',
        { name: 'Yes' },
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: APPLICATION_TEXTS.save }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: APPLICATION_TEXTS.backToCase })).toHaveAttribute(
      'href',
      '/remortgaging/1001',
    );
    expect(screen.queryByRole('button', { name: APPLICATION_TEXTS.save })).toBeNull();
    expect(router.state.location.pathname).toBe(EDIT_PATH);
    // Nothing is left unsaved: leaving does not ask.
    await userEvent.click(screen.getByRole('link', { name: APPLICATION_TEXTS.backToCase }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/remortgaging/1001'));
    expect(screen.queryByRole('dialog', { name: 'Leave this page?' })).toBeNull();
  });

  it('Cancel goes back without saving; with changes it asks first', async () => {
    const { calls } = applicationServer(() => remCase());
    const { router } = await openForm();
    await userEvent.click(screen.getByRole('button', { name: KEY_FACTS_TEXTS.cancel }));
    await waitFor(() => expect(router.state.location.pathname).toBe(VIEW_PATH));
    expect(screen.queryByRole('dialog', { name: 'Leave this page?' })).toBeNull();

    await userEvent.click(
      await screen.findByRole('link', { name: KEY_FACTS_TEXTS.editLink }, { timeout: 15_000 }),
    );
    await screen.findByRole('heading', { level: 1, name: KEY_FACTS_TEXTS.editTitle });
    await replace(/Town/, 'Whitstable');
    await userEvent.click(screen.getByRole('button', { name: KEY_FACTS_TEXTS.cancel }));
    let ask = await screen.findByRole('dialog', { name: 'Leave this page?' });
    expect(within(ask).getByText(KEY_FACTS_TEXTS.leave)).toBeInTheDocument();
    await userEvent.click(within(ask).getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Leave this page?' })).toBeNull(),
    );
    expect(router.state.location.pathname).toBe(EDIT_PATH);
    expect(field(/Town/)).toHaveValue('Whitstable');

    await userEvent.click(screen.getByRole('button', { name: KEY_FACTS_TEXTS.cancel }));
    ask = await screen.findByRole('dialog', { name: 'Leave this page?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(VIEW_PATH));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

// --- A purchase's key facts (BUY-APP-03) ----------------------------------------------------

const BUY_VIEW = '/buying/1001/application/key-facts';
const BUY_EDIT = `${BUY_VIEW}/edit`;
const BUY_UPDATE = 'POST /api/buying/case/1001';
const BUY_CREATED = { ...CREATED, caseType: 'BUYING' };
/** A purchase whose price questions (issue 28) were all answered when it was started. */
const ANSWERED: Partial<BuyingExpanded> = {
  resultsInMultipleProperties: false,
  isReplacingMainResidence: null,
  buyersUkResident: true,
  isNewLease: null,
};

type PriceQuestion = keyof typeof PRICE_TEXTS;
const priceGroup = (name: PriceQuestion) =>
  screen.queryByRole('radiogroup', { name: PRICE_TEXTS[name].question });
const checked = (name: PriceQuestion) =>
  within(priceGroup(name)!)
    .getAllByRole('radio')
    .filter((r) => (r as HTMLInputElement).checked)
    .map((r) => r.getAttribute('value'));
async function answerPrice(name: PriceQuestion, answer: 'Yes' | 'No') {
  await userEvent.click(within(priceGroup(name)!).getByRole('radio', { name: answer }));
}

describe("a purchase's Key Facts edit form", () => {
  it('is offered from Key Facts and filled in from the purchase, in its own words', async () => {
    buyingServer(() => buyCase());
    const { router } = renderApp(BUY_VIEW);
    await userEvent.click(
      await screen.findByRole('link', { name: KEY_FACTS_TEXTS.editLink }, { timeout: 15_000 }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(BUY_EDIT));
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: KEY_FACTS_TEXTS.editTitle },
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument();
    await screen.findByRole('button', { name: APPLICATION_TEXTS.save });
    expect(
      within(
        screen.getByRole('radiogroup', { name: 'Is the purchase dependent on a sale?' }),
      ).getByRole('radio', { name: 'No' }),
    ).toBeChecked();
    expect(screen.queryByRole('radiogroup', { name: /remortgage/ })).toBeNull();
    expect(field(/Purchase price/)).toHaveValue('400000');
    expect(field(/^Deposit/)).toHaveValue('40000');
    expect(field(/^Lender/)).toHaveValue('HALIFAX');
    expect(field(/Target move-in date/)).toHaveValue('2027-03-01');
    // A remortgage's own questions are not asked.
    expect(screen.queryByLabelText(/Reason for remortgaging/)).toBeNull();
    expect(screen.queryByLabelText(/Property value/)).toBeNull();
  });

  it('BUY-APP-03: Save sends POST /buying/case/{caseId}, with the price answers as the form holds them', async () => {
    const { calls } = buyingServer(
      () =>
        buyCase({
          ...ANSWERED,
          isFirstTimeBuyer: true,
          isNewBuild: true,
          resultsInMultipleProperties: true,
          isReplacingMainResidence: true,
        }),
      { [BUY_UPDATE]: () => json(BUY_CREATED) },
    );
    const { router } = await openForm(BUY_EDIT);
    // Issue 28: the price group, filled in from the purchase.
    expect(screen.getByRole('region', { name: 'What affects the price' })).toBeInTheDocument();
    expect(checked('isFirstTimeBuyer')).toEqual(['yes']);
    expect(checked('resultsInMultipleProperties')).toEqual(['yes']);
    expect(checked('isReplacingMainResidence')).toEqual(['yes']);
    expect(checked('buyersUkResident')).toEqual(['yes']);
    expect(checked('isNewBuild')).toEqual(['yes']);
    expect(checked('isSharedOwnership')).toEqual(['no']);
    // A freehold: no new lease.
    expect(priceGroup('isNewLease')).toBeNull();
    await replace(/Purchase price/, '425,000');
    await replace(/^Deposit/, '50000');
    await answerPrice('isSharedOwnership', 'Yes');
    await userEvent.click(screen.getByRole('button', { name: APPLICATION_TEXTS.save }));
    await waitFor(() => expect(router.state.location.pathname).toBe(BUY_VIEW));
    expect(await screen.findByText(KEY_FACTS_TEXTS.saved)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/remortgaging/case/1001')).toBe(false);
    expect(bodyOf(calls, 'POST', '/api/buying/case/1001')).toEqual({
      jurisdiction: 'ENGLAND',
      isDependentOnSale: false,
      isCompanyOwned: false,
      isResidential: true,
      propertyUsage: 'LIVE_IN',
      property: {
        addressLine1: '1 High Street',
        addressLine2: null,
        town: 'Canterbury',
        county: 'Kent',
        postcode: 'CT1 1AA',
        tenure: 'FREEHOLD',
        type: 'TERRACED',
      },
      purchasePrice: 42500000,
      depositAmount: 5000000,
      lender: 'HALIFAX',
      targetMoveInDate: '2027-03-01',
      brokerReference: null,
      isFirstTimeBuyer: true,
      resultsInMultipleProperties: true,
      isReplacingMainResidence: true,
      buyersUkResident: true,
      isNewBuild: true,
      isSharedOwnership: true,
      isNewLease: null,
    });
  });

  it('issue 28: questions the purchase was never asked show unanswered, and must be answered', async () => {
    const { calls } = buyingServer(
      () =>
        buyCase({
          resultsInMultipleProperties: null,
          isReplacingMainResidence: null,
          buyersUkResident: null,
          isNewLease: null,
          property: { ...buyCase().property, tenure: 'LEASEHOLD' },
        }),
      { [BUY_UPDATE]: () => json(BUY_CREATED) },
    );
    const { router } = await openForm(BUY_EDIT);
    expect(checked('resultsInMultipleProperties')).toEqual([]);
    expect(checked('buyersUkResident')).toEqual([]);
    expect(checked('isNewLease')).toEqual([]);
    expect(priceGroup('isReplacingMainResidence')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: APPLICATION_TEXTS.save }));
    expect(await screen.findAllByText('Choose yes or no')).toHaveLength(3);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await answerPrice('resultsInMultipleProperties', 'Yes');
    await answerPrice('isReplacingMainResidence', 'No');
    await answerPrice('buyersUkResident', 'No');
    await answerPrice('isNewLease', 'No');
    await userEvent.click(screen.getByRole('button', { name: APPLICATION_TEXTS.save }));
    await waitFor(() => expect(router.state.location.pathname).toBe(BUY_VIEW));
    expect(bodyOf(calls, 'POST', '/api/buying/case/1001')).toMatchObject({
      property: { tenure: 'LEASEHOLD' },
      isFirstTimeBuyer: false,
      resultsInMultipleProperties: true,
      isReplacingMainResidence: false,
      buyersUkResident: false,
      isNewBuild: false,
      isSharedOwnership: false,
      isNewLease: false,
    });
  });

  it('issue 28: Key Facts lists the price answers, unanswered ones as such', async () => {
    buyingServer(() =>
      buyCase({
        isFirstTimeBuyer: true,
        resultsInMultipleProperties: true,
        isReplacingMainResidence: null,
        buyersUkResident: false,
        isNewLease: true,
      }),
    );
    renderApp(BUY_VIEW);
    const summary = await screen.findByTestId('key-facts', {}, { timeout: 15_000 });
    const value = (term: string) => within(summary).getByText(term).nextElementSibling?.textContent;
    expect(value(PRICE_TEXTS.isFirstTimeBuyer.term)).toBe(APPLICATION_TEXTS.yes);
    expect(value(PRICE_TEXTS.resultsInMultipleProperties.term)).toBe(APPLICATION_TEXTS.yes);
    expect(value(PRICE_TEXTS.isReplacingMainResidence.term)).toBe(APPLICATION_TEXTS.notAnswered);
    expect(value(PRICE_TEXTS.buyersUkResident.term)).toBe(APPLICATION_TEXTS.no);
    expect(value(PRICE_TEXTS.isNewBuild.term)).toBe(APPLICATION_TEXTS.no);
    expect(value(PRICE_TEXTS.isSharedOwnership.term)).toBe(APPLICATION_TEXTS.no);
    // Answered although the property is freehold: shown.
    expect(value(PRICE_TEXTS.isNewLease.term)).toBe(APPLICATION_TEXTS.yes);
  });

  it("a 422 lands on the purchase's own fields", async () => {
    buyingServer(() => buyCase(ANSWERED), {
      [BUY_UPDATE]: () =>
        apiError(422, 'Some of the details are not valid.', {
          depositAmount: 'must not be more than the purchase price',
          targetMoveInDate: 'must be a date',
        }),
    });
    await openForm(BUY_EDIT);
    await replace(/^Deposit/, '500000');
    await userEvent.click(screen.getByRole('button', { name: APPLICATION_TEXTS.save }));
    expect(await screen.findByText('must not be more than the purchase price')).toBeInTheDocument();
    expect(field(/^Deposit/)).toHaveAttribute('aria-invalid', 'true');
    expect(field(/Target move-in date/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('a customer whose change re-quotes the purchase is taken to its new quote', async () => {
    buyingServer(() => buyCase(ANSWERED), {
      [BUY_UPDATE]: () => json({ ...BUY_CREATED, quote: { id: 2, acceptedAt: null } }),
    });
    const { router } = await openForm(BUY_EDIT);
    await replace(/Purchase price/, '410,000');
    await userEvent.click(screen.getByRole('button', { name: APPLICATION_TEXTS.save }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/buying/1001/application/quote'),
    );
  });

  it("ELIG-06: a purchase ruled out shows the server's 'purchasing' reason, or the purchase's own words", async () => {
    const message =
      "Purchasing a buy-to-let property is a little more complex, and we're not quite ready for you just yet.";
    let reason: string | null = message;
    buyingServer(() => buyCase(ANSWERED), {
      [BUY_UPDATE]: () =>
        json({
          ...BUY_CREATED,
          status: 'INELIGIBLE',
          ineligibilityReason: 'BUY_TO_LET',
          ineligibilityMessage: reason,
        }),
    });
    const first = await openForm(BUY_EDIT);
    await userEvent.click(
      within(screen.getByRole('radiogroup', { name: 'Is it a buy-to-let property?' })).getByRole(
        'radio',
        { name: 'Yes' },
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: APPLICATION_TEXTS.save }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: APPLICATION_TEXTS.backToCase })).toHaveAttribute(
      'href',
      '/buying/1001',
    );
    first.unmount();

    reason = null;
    await openForm(BUY_EDIT);
    await userEvent.click(screen.getByRole('button', { name: APPLICATION_TEXTS.save }));
    expect(await screen.findByText(KEY_FACTS_TEXTS.ineligible.buying)).toBeInTheDocument();
  });

  it('the edit URL of a purchase whose key facts are closed goes to the list', async () => {
    buyingServer(() =>
      buyCase(
        { status: 'INELIGIBLE' },
        BUYING_SECTIONS.map(([key, label]): SectionEntry => [key, label, 'IS_DISABLED']),
        { status: 'INELIGIBLE' },
      ),
    );
    const { router } = renderApp(BUY_EDIT);
    await waitFor(() => expect(router.state.location.pathname).toBe('/buying'));
  });
});
