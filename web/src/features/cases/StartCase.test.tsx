import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Me } from '../../lib/api/types';
import { expanded, overviews, REM_SECTIONS } from '../../test/cases';
import { apiError, json, type Handler } from '../../test/fetchMock';
import { makeMe, signedInServer } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { PRICE_ANSWER_REQUIRED, PRICE_TEXTS, PRICE_TITLE, STAIRCASING_TEXTS } from './texts';
import { STAIRCASING_MESSAGES, START_MESSAGES } from './validation';

const BROKER = makeMe({ role: 'ROLE_BROKER', enabledFeatures: ['BUYING'] });
const CUSTOMER = makeMe({ enabledFeatures: ['BUYING'] });
const LENDERS = {
  lenders: [
    { code: 'NATIONWIDE_BUILDING_SOCIETY', name: 'Nationwide Building Society' },
    { code: 'NO_LENDER', name: 'No new lender' },
  ],
};
const CREATED = {
  caseId: 1001,
  caseType: 'REMORTGAGING',
  status: 'BROKER_APPLICATION',
  ineligibilityReason: null,
  ineligibilityMessage: null,
  quote: null,
};

function server(me: Me, extra: Record<string, Handler> = {}) {
  return signedInServer(me, {
    'GET /api/case-overviews': () => json(overviews(0, 0)),
    'GET /api/lenders': () => json(LENDERS),
    'GET /api/remortgaging/cases/1001/expanded': () => json(expanded('REMORTGAGING', REM_SECTIONS)),
    'GET /api/buying/case/2002/expanded': () =>
      json(expanded('BUYING', [['key-facts', 'Key Facts', 'IS_COMPLETE']], [], 2002)),
    ...extra,
  });
}

async function answerEligibility(buyToLet = 'No') {
  await userEvent.selectOptions(await screen.findByLabelText(/Where is the property/), 'ENGLAND');
  const groups = screen.getAllByRole('radiogroup');
  const answers = ['No', 'No', buyToLet, 'Yes'];
  for (const [i, answer] of answers.entries()) {
    const radios = groups[i].querySelectorAll('input[type=radio]');
    await userEvent.click(radios[answer === 'Yes' ? 0 : 1]);
  }
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
}

async function fillProperty(valueLabel: RegExp, value: string) {
  await userEvent.type(await screen.findByLabelText(/Address line 1/), '1 High Street');
  await userEvent.type(screen.getByLabelText(/^Postcode/), 'ct1 1aa');
  await userEvent.type(screen.getByLabelText(valueLabel), value);
}

type PriceQuestion = keyof typeof PRICE_TEXTS;
const question = (name: PriceQuestion) =>
  screen.queryByRole('radiogroup', { name: PRICE_TEXTS[name].question });

/** Answers the price step's questions (Yes or No), each within its own group. */
async function answerPrice(answers: Partial<Record<PriceQuestion, 'Yes' | 'No'>>) {
  for (const [name, answer] of Object.entries(answers) as [PriceQuestion, 'Yes' | 'No'][]) {
    const group = await screen.findByRole('radiogroup', { name: PRICE_TEXTS[name].question });
    await userEvent.click(within(group).getByRole('radio', { name: answer }));
  }
}

/** A purchase's usual answers: no to each, every buyer resident in the UK. */
const USUAL_PRICE: Partial<Record<PriceQuestion, 'Yes' | 'No'>> = {
  isFirstTimeBuyer: 'No',
  resultsInMultipleProperties: 'No',
  buyersUkResident: 'Yes',
  isNewBuild: 'No',
  isSharedOwnership: 'No',
};

const buyingPost = (calls: { method: string; path: string; body?: string | null }[]) =>
  JSON.parse(calls.find((c) => c.method === 'POST' && c.path === '/api/buying/case')!.body!);

describe('start pages', () => {
  it('LIST-47 FLOW-03: a broker creates a remortgaging case (pounds sent in pence) and lands on it', async () => {
    const { calls } = server(BROKER, { 'POST /api/remortgaging/case': () => json(CREATED, 201) });
    const { router } = renderApp('/remortgaging/start');
    // Eligibility questions must be answered.
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect((await screen.findAllByText(START_MESSAGES.required)).length).toBeGreaterThan(0);
    await answerEligibility();
    await userEvent.type(await screen.findByLabelText(/Client's preferred name/), 'Sam Smith');
    await userEvent.type(screen.getByLabelText(/Client's email address/), 'Sam@Example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await fillProperty(/Property value/, '350,000');
    await userEvent.type(screen.getByLabelText(/Loan amount/), '200000');
    await waitFor(() =>
      expect(
        screen.getByRole('option', { name: 'Nationwide Building Society' }),
      ).toBeInTheDocument(),
    );
    await userEvent.selectOptions(
      screen.getByLabelText(/New lender/),
      'NATIONWIDE_BUILDING_SOCIETY',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create case' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/remortgaging/1001'));
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/remortgaging/case');
    expect(JSON.parse(post!.body!)).toMatchObject({
      client: { preferredName: 'Sam Smith', email: 'sam@example.com' },
      jurisdiction: 'ENGLAND',
      isDependentOnSale: false,
      isCompanyOwned: false,
      isResidential: true,
      propertyUsage: 'LIVE_IN',
      property: { addressLine1: '1 High Street', postcode: 'CT1 1AA' },
      propertyValue: 35000000,
      loanAmount: 20000000,
      newLender: 'NATIONWIDE_BUILDING_SOCIETY',
      staircasing: null,
    });
  });

  it('issue 28: a remortgage buying a further share asks its shares and price, all or none', async () => {
    const { calls } = server(BROKER, { 'POST /api/remortgaging/case': () => json(CREATED, 201) });
    const { router } = renderApp('/remortgaging/start');
    await answerEligibility();
    await userEvent.type(await screen.findByLabelText(/Client's preferred name/), 'Sam Smith');
    await userEvent.type(screen.getByLabelText(/Client's email address/), 'sam@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await fillProperty(/Property value/, '300,000');
    const T = STAIRCASING_TEXTS;
    // Asked only for that reason.
    expect(screen.queryByLabelText(T.staircasingShareBefore.label)).toBeNull();
    await userEvent.selectOptions(
      screen.getByLabelText(/Reason for remortgaging/),
      'SHARED_OWNERSHIP_STAIRCASING',
    );
    expect(await screen.findByTestId('staircasing-intro')).toHaveTextContent('80%');
    // One figure given: the others are needed, and the share must grow.
    await userEvent.type(screen.getByLabelText(T.staircasingShareBefore.label), '60');
    await userEvent.type(screen.getByLabelText(T.staircasingShareAfter.label), '50');
    await userEvent.click(screen.getByRole('button', { name: 'Create case' }));
    expect(await screen.findByText(STAIRCASING_MESSAGES.larger)).toBeInTheDocument();
    expect(screen.getByText(START_MESSAGES.amountInvalid)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.clear(screen.getByLabelText(T.staircasingShareAfter.label));
    await userEvent.type(screen.getByLabelText(T.staircasingShareAfter.label), '100');
    await userEvent.type(screen.getByLabelText(T.staircasingPrice.label), '120,000');
    await userEvent.selectOptions(screen.getByLabelText(T.marketValueElectionMade.label), 'no');
    await userEvent.click(screen.getByRole('button', { name: 'Create case' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/remortgaging/1001'));
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/remortgaging/case');
    expect(JSON.parse(post!.body!)).toMatchObject({
      remortgagingReason: 'SHARED_OWNERSHIP_STAIRCASING',
      staircasing: {
        shareBefore: 60,
        shareAfter: 100,
        sharePrice: 12_000_000,
        marketValueElectionMade: false,
      },
    });
  });

  it('ELIG-04: an INELIGIBLE answer shows the server message instead of the case', async () => {
    const message =
      "Remortgaging a buy-to-let property is a little more complex, and we're not quite ready for you just yet.";
    server(CUSTOMER, {
      'POST /api/remortgaging/case': () =>
        json(
          {
            ...CREATED,
            status: 'INELIGIBLE',
            ineligibilityReason: 'BUY_TO_LET',
            ineligibilityMessage: message,
          },
          201,
        ),
    });
    const { router } = renderApp('/remortgaging/start');
    await answerEligibility('Yes');
    // Customers have no client step.
    await fillProperty(/Property value/, '250000');
    await userEvent.click(screen.getByRole('button', { name: 'Create case' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/remortgaging/start');
  });

  it('LIST-48 FLOW-04: a customer creates a buying case (no client in the body)', async () => {
    const { calls } = server(CUSTOMER, {
      'POST /api/buying/case': () => json({ ...CREATED, caseId: 2002, caseType: 'BUYING' }, 201),
    });
    const { router } = renderApp('/buying/start');
    await answerEligibility();
    await fillProperty(/Purchase price/, '250000');
    await userEvent.type(screen.getByLabelText(/Deposit/), '25000.50');
    // A purchase asks what affects its price before the case (and its quote) exists.
    expect(screen.queryByRole('button', { name: 'Create case' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await answerPrice(USUAL_PRICE);
    await userEvent.click(screen.getByRole('button', { name: 'Create case' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/buying/2002'));
    const body = buyingPost(calls);
    expect(body.client).toBeUndefined();
    expect(body).toMatchObject({ purchasePrice: 25000000, depositAmount: 2500050 });
  });

  it('issue 28: a purchase asks what affects its price, each question required, and sends the answers', async () => {
    const { calls } = server(CUSTOMER, {
      'POST /api/buying/case': () => json({ ...CREATED, caseId: 2002, caseType: 'BUYING' }, 201),
    });
    const { router } = renderApp('/buying/start');
    expect(await screen.findByText('Step 1 of 3')).toBeInTheDocument();
    await answerEligibility();
    expect(await screen.findByText('Step 2 of 3')).toBeInTheDocument();
    await fillProperty(/Purchase price/, '300000');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Step 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: PRICE_TITLE })).toBeInTheDocument();
    // Each question says how to answer it.
    expect(screen.getByText(PRICE_TEXTS.buyersUkResident.hint)).toBeInTheDocument();
    expect(question('buyersUkResident')).toHaveAccessibleDescription(
      PRICE_TEXTS.buyersUkResident.hint,
    );
    // Whether it replaces a main residence waits for 'more than one home'; the new lease for
    // a leasehold (the tenure was left 'Not sure yet').
    expect(question('isReplacingMainResidence')).toBeNull();
    expect(question('isNewLease')).toBeNull();

    // Nothing answered: each question is refused, and nothing is sent.
    await userEvent.click(screen.getByRole('button', { name: 'Create case' }));
    expect(await screen.findAllByText(PRICE_ANSWER_REQUIRED)).toHaveLength(5);
    expect(calls.some((c) => c.path === '/api/buying/case')).toBe(false);

    await answerPrice({
      ...USUAL_PRICE,
      isFirstTimeBuyer: 'Yes',
      resultsInMultipleProperties: 'Yes',
    });
    expect(question('isReplacingMainResidence')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create case' }));
    expect(await screen.findAllByText(PRICE_ANSWER_REQUIRED)).toHaveLength(1);
    expect(calls.some((c) => c.path === '/api/buying/case')).toBe(false);
    await answerPrice({ isReplacingMainResidence: 'Yes', isNewBuild: 'Yes' });
    await userEvent.click(screen.getByRole('button', { name: 'Create case' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/buying/2002'));
    expect(buyingPost(calls)).toMatchObject({
      purchasePrice: 30000000,
      isFirstTimeBuyer: true,
      resultsInMultipleProperties: true,
      isReplacingMainResidence: true,
      buyersUkResident: true,
      isNewBuild: true,
      isSharedOwnership: false,
      isNewLease: null,
    });
  });

  it('issue 28: a leasehold is asked about a new lease; a question no longer asked is sent as null', async () => {
    const { calls } = server(BROKER, {
      'POST /api/buying/case': () => json({ ...CREATED, caseId: 2002, caseType: 'BUYING' }, 201),
    });
    const { router } = renderApp('/buying/start');
    expect(await screen.findByText('Step 1 of 4')).toBeInTheDocument();
    await answerEligibility();
    await userEvent.type(await screen.findByLabelText(/Client's preferred name/), 'Sam Smith');
    await userEvent.type(screen.getByLabelText(/Client's email address/), 'sam@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Step 3 of 4')).toBeInTheDocument();
    await fillProperty(/Purchase price/, '250000');
    await userEvent.selectOptions(screen.getByLabelText(/Tenure/), 'LEASEHOLD');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Step 4 of 4')).toBeInTheDocument();
    // A yes to 'more than one home' taken back hides the question it brought, and its answer
    // is not sent.
    await answerPrice({
      ...USUAL_PRICE,
      buyersUkResident: 'No',
      resultsInMultipleProperties: 'Yes',
      isReplacingMainResidence: 'No',
    });
    await answerPrice({ resultsInMultipleProperties: 'No' });
    expect(question('isReplacingMainResidence')).toBeNull();
    expect(question('isNewLease')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create case' }));
    expect(await screen.findByText(PRICE_ANSWER_REQUIRED)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/buying/case')).toBe(false);
    await answerPrice({ isNewLease: 'Yes' });
    // Back keeps the answers; the property step goes on with Next.
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Step 3 of 4')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(within(question('isNewLease')!).getByRole('radio', { name: 'Yes' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Create case' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/buying/2002'));
    expect(buyingPost(calls)).toMatchObject({
      client: { preferredName: 'Sam Smith', email: 'sam@example.com' },
      property: { tenure: 'LEASEHOLD' },
      isFirstTimeBuyer: false,
      resultsInMultipleProperties: false,
      isReplacingMainResidence: null,
      buyersUkResident: false,
      isNewBuild: false,
      isSharedOwnership: false,
      isNewLease: true,
    });
  });

  it('issue 28: a failed create of a purchase keeps its last step', async () => {
    server(CUSTOMER, { 'POST /api/buying/case': () => apiError(500) });
    renderApp('/buying/start');
    await answerEligibility();
    await fillProperty(/Purchase price/, '250000');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await answerPrice(USUAL_PRICE);
    await userEvent.click(screen.getByRole('button', { name: 'Create case' }));
    expect(
      await screen.findByText('We could not create the case, please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Step 3 of 3')).toBeInTheDocument();
    expect(question('isFirstTimeBuyer')).toBeInTheDocument();
  });

  it('the start page of the other case type starts afresh (one route, remounted per type)', async () => {
    server(CUSTOMER);
    const { router } = renderApp('/remortgaging/start');
    await answerEligibility();
    expect(await screen.findByLabelText(/Address line 1/)).toBeInTheDocument();
    const navigation = within(screen.getByRole('navigation', { name: 'Main navigation' }));
    await userEvent.click(navigation.getByRole('link', { name: 'Buying' }));
    // The answers would be lost: leaving asks first (issue 15).
    const ask = await screen.findByRole('dialog', { name: 'Leave this page?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/buying/start'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Start a purchase' }),
    ).toBeInTheDocument();
    expect(await screen.findByLabelText(/Where is the property/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/Address line 1/)).toBeNull();
  });

  it('issue 15: a step line, Back on every step, and Stay keeps the answers', async () => {
    server(BROKER, {
      'GET /api/remortgaging/cases': () => json({ items: [], totalCount: 0, totalPages: 0 }),
    });
    const { router } = renderApp('/remortgaging/start');
    expect(await screen.findByText('Step 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    await answerEligibility();
    expect(await screen.findByText('Step 2 of 3')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Client's preferred name/), 'Sam Smith');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Step 1 of 3')).toBeInTheDocument();
    // Back on the first step leaves the form: with answers given, it asks first.
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    const ask = await screen.findByRole('dialog', { name: 'Leave this page?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Leave this page?' })).toBeNull(),
    );
    expect(router.state.location.pathname).toBe('/remortgaging/start');
    expect(screen.getByLabelText(/Where is the property/)).toHaveValue('ENGLAND');
  });

  it('issue 15: a customer has two steps', async () => {
    server(CUSTOMER);
    renderApp('/remortgaging/start');
    expect(await screen.findByText('Step 1 of 2')).toBeInTheDocument();
    await answerEligibility();
    expect(await screen.findByText('Step 2 of 2')).toBeInTheDocument();
  });

  it('validation: UK postcode and amounts; a failed create keeps the form', async () => {
    server(CUSTOMER, { 'POST /api/remortgaging/case': () => apiError(500) });
    renderApp('/remortgaging/start');
    await answerEligibility();
    await userEvent.type(await screen.findByLabelText(/Address line 1/), '1 High Street');
    await userEvent.type(screen.getByLabelText(/^Postcode/), 'NOPE');
    await userEvent.type(screen.getByLabelText(/Property value/), 'lots');
    await userEvent.click(screen.getByRole('button', { name: 'Create case' }));
    expect(await screen.findByText(START_MESSAGES.postcodeInvalid)).toBeInTheDocument();
    expect(screen.getByText(START_MESSAGES.amountInvalid)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/^Postcode/));
    await userEvent.type(screen.getByLabelText(/^Postcode/), 'SW1A 1AA');
    await userEvent.clear(screen.getByLabelText(/Property value/));
    await userEvent.type(screen.getByLabelText(/Property value/), '300000');
    await userEvent.click(screen.getByRole('button', { name: 'Create case' }));
    expect(
      await screen.findByText('We could not create the case, please try again.'),
    ).toBeInTheDocument();
  });
});
