import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { PREVIOUS_LEGAL_NAMES_TEXTS } from '../../components/PreviousLegalNames';
import type { BuyingExpanded, CaseTransition } from '../../lib/api/types';
import { bodyOf, buyCase, buyingServer, withStates, BUYING_SECTIONS } from '../../test/application';
import { source } from '../../test/cases';
import { apiError, json, noContent } from '../../test/fetchMock';
import { makeMe } from '../../test/fixtures';
import { owner } from '../../test/ownersFixtures';
import { renderApp } from '../../test/renderApp';
import { documentBody } from '../../test/tiles';
import { FEEDBACK_TEXTS } from '../feedback';
import { OWNERS_TEXTS } from './ownersTexts';
import { DOCUMENTS_TEXTS } from './documentsTexts';
import { PURCHASE_TEXTS, SDLT_TEXTS } from './purchaseTexts';
import { APPLICATION_TEXTS, BUYING_LOANS_TEXTS, PROPERTY_TEXTS, REVIEW_TEXTS } from './texts';
import { GIFT_STATUS_LABELS } from '../../lib/moneyLabels';

const APP = '/buying/1001/application';

const ANN = owner({ id: 21 });

beforeEach(() => window.sessionStorage.clear());

describe('Property (buying)', () => {
  it('shows the key facts read-only with a link to change them, and saves with caseType BUYING', async () => {
    const { calls } = buyingServer(
      () => buyCase({ purchasePrice: 40_000_000, isNewBuild: true, buyers: [ANN] }),
      { 'POST /api/property': () => noContent() },
    );
    renderApp(`${APP}/property`);
    expect(await screen.findByText('£400,000.00')).toBeInTheDocument();
    expect(screen.getByText('New build').nextSibling).toHaveTextContent('Yes');
    expect(screen.getByText('Shared ownership').nextSibling).toHaveTextContent('No');
    expect(screen.getByRole('link', { name: PROPERTY_TEXTS.changeKeyFacts })).toHaveAttribute(
      'href',
      `${APP}/key-facts`,
    );
    await userEvent.click(screen.getByRole('radio', { name: /Tenants in common/ }));
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: PROPERTY_TEXTS.propertyType }),
      'COTTAGE',
    );
    await userEvent.click(screen.getByRole('radio', { name: /Leasehold/ }));
    // A purchase's leasehold asks for no ground rent.
    expect(screen.queryByLabelText(PROPERTY_TEXTS.groundRentAmount)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: APPLICATION_TEXTS.save }));
    expect(await screen.findByText(APPLICATION_TEXTS.saved)).toBeInTheDocument();
    expect(bodyOf(calls, 'POST', '/api/property')).toEqual({
      caseType: 'BUYING',
      caseId: 1001,
      landOwnership: 'TENANTS_IN_COMMON',
      propertyType: 'COTTAGE',
      tenure: 'LEASEHOLD',
    });
    expect(calls.some((c) => c.path.includes('ground-rent'))).toBe(false);
  });

  it('tenants in common give their shares once, in Buyer Details (POST /tenancy-split, BUYING)', async () => {
    const bob = owner({ id: 22, isLead: false }, { id: 'user-2', preferredName: 'Bob' });
    const { calls } = buyingServer(
      () =>
        buyCase({
          buyers: [ANN, bob],
          property: { ...buyCase().property, landOwnership: 'TENANTS_IN_COMMON' },
        }),
      { 'POST /api/tenancy-split': () => noContent() },
    );
    const { router } = renderApp(`${APP}/property`);
    // Property asks how they own it, and says where the shares are given, without asking them.
    const pointer = await screen.findByTestId('shares-with-buyers');
    expect(screen.getByRole('radio', { name: /Tenants in common/ })).toBeChecked();
    expect(screen.queryByLabelText('Ann’s share (%)')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save shares' })).toBeNull();
    await userEvent.click(within(pointer).getByRole('link', { name: PROPERTY_TEXTS.buyerDetails }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${APP}/buyer-details`));

    await userEvent.type(await screen.findByLabelText('Ann’s share (%)'), '60');
    await userEvent.type(screen.getByLabelText('Bob’s share (%)'), '40');
    await userEvent.click(screen.getByRole('button', { name: 'Save shares' }));
    await waitFor(() =>
      expect(bodyOf(calls, 'POST', '/api/tenancy-split')).toEqual({
        caseType: 'BUYING',
        caseId: 1001,
        shares: [
          { applicantId: 21, percentage: 60 },
          { applicantId: 22, percentage: 40 },
        ],
      }),
    );
    expect(screen.getAllByRole('heading', { name: 'Shares in the property' })).toHaveLength(1);
  });

  it('joint tenants are not pointed to any shares', async () => {
    buyingServer(() =>
      buyCase({
        buyers: [ANN],
        property: { ...buyCase().property, landOwnership: 'JOINT_TENANCY' },
      }),
    );
    renderApp(`${APP}/property`);
    expect(await screen.findByRole('radio', { name: /Joint tenants/ })).toBeChecked();
    expect(screen.queryByTestId('shares-with-buyers')).toBeNull();
  });
});

describe('Buyer Details', () => {
  it('BUY-APP-08: a buyer also needs occupation, NI number and UK residence (spec labels)', async () => {
    const incomplete = owner(
      {
        id: 21,
        isUkResident: null,
        missingFields: ['Occupation', 'National Insurance Number', 'UK Resident status'],
      },
      { occupation: null, nationalInsuranceNumber: null },
    );
    const { calls } = buyingServer(() => buyCase({ buyers: [incomplete] }), {
      'POST /api/buying/1001/applicant/21': () => noContent(),
      'POST /api/buying/applicant': () => json({ id: 23 }, 201),
    });
    renderApp(`${APP}/buyer-details`);
    const missing = await screen.findByTestId('owner-missing');
    expect(within(missing).getByText('Occupation')).toBeInTheDocument();
    expect(within(missing).getByText('National Insurance Number')).toBeInTheDocument();
    expect(within(missing).getByText('UK Resident status')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Buyers' })).toBeInTheDocument();
    expect(screen.getByText('Lead buyer')).toBeInTheDocument();
    // No adult-occupants part for a purchase.
    expect(screen.queryByText(/other adults/i)).toBeNull();

    await userEvent.type(screen.getByLabelText('Occupation'), 'Nurse');
    await userEvent.type(screen.getByLabelText('National Insurance number'), 'qq 12 34 56 c');
    await userEvent.click(
      within(screen.getByRole('radiogroup', { name: 'Are you a UK resident?' })).getByRole(
        'radio',
        { name: 'Yes' },
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() =>
      expect(bodyOf(calls, 'POST', '/api/buying/1001/applicant/21')).toEqual({
        addressLine1: '1 High Street',
        town: 'Canterbury',
        postcode: 'CT1 1AA',
        occupation: 'Nurse',
        nationalInsuranceNumber: 'QQ123456C',
        isUkResident: true,
      }),
    );

    const add = screen.getByRole('form', { name: 'Add a buyer' });
    await userEvent.type(within(add).getByLabelText(/Their preferred name/), 'Bob');
    await userEvent.type(within(add).getByLabelText(/Their email address/), 'Bob@Example.com');
    await userEvent.click(within(add).getByRole('button', { name: 'Add buyer' }));
    expect(await screen.findByText(/Buyer added/)).toBeInTheDocument();
    expect(bodyOf(calls, 'POST', '/api/buying/applicant')).toEqual({
      caseId: 1001,
      preferredName: 'Bob',
      email: 'bob@example.com',
    });
  });

  it('a co-buyer is redacted and removed with DELETE /buying/{caseId}/applicants/{userId}', async () => {
    const bob = owner(
      { id: 22, isLead: false, redacted: true, isUkResident: null },
      { id: 'user-2', preferredName: 'Bob', email: null, occupation: null },
    );
    const { calls } = buyingServer(() => buyCase({ buyers: [ANN, bob] }), {
      'DELETE /api/buying/1001/applicants/user-2': () => noContent(),
    });
    renderApp(`${APP}/buyer-details`);
    expect(await screen.findByText('Details completed by this buyer')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Bob' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path.endsWith('/user-2'))).toBe(true),
    );
  });

  it('CALLS-74: a buyer deletes a previous legal name with DELETE /buying/{caseId}/applicant/{applicantId}/legal-name/{id}', async () => {
    const current = { id: 2, firstName: 'Ann', middleNames: null, surname: 'Smith', until: null };
    const previous = { id: 1, firstName: 'Ann', surname: 'Jones', until: '2023-02-10T12:00:00Z' };
    let names = [previous, current];
    const { calls } = buyingServer(
      () => buyCase({ buyers: [owner({ id: 21 }, { legalNames: names })] }),
      {
        'DELETE /api/buying/1001/applicant/21/legal-name/1': () => {
          names = [current];
          return noContent();
        },
      },
    );
    renderApp(`${APP}/buyer-details`);
    const list = await screen.findByRole('list', { name: PREVIOUS_LEGAL_NAMES_TEXTS.heading });
    expect(within(list).getByText('Until 10/02/2023')).toBeInTheDocument();
    expect(within(list).queryByText('Ann Smith')).toBeNull();
    await userEvent.click(
      within(list).getByRole('button', {
        name: PREVIOUS_LEGAL_NAMES_TEXTS.deleteLabel('Ann Jones'),
      }),
    );
    expect(await screen.findByText(PREVIOUS_LEGAL_NAMES_TEXTS.deleted)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      '/api/buying/1001/applicant/21/legal-name/1',
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: PREVIOUS_LEGAL_NAMES_TEXTS.heading })).toBeNull(),
    );
  });
});

describe('Purchase & Financing asks each thing once (issue 26, item 6)', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('BUY-APP-10: the lender the case holds is shown, even over an older draft; one Save', async () => {
    // A draft typed before the lender was chosen (in Key Facts) must not blank it.
    window.sessionStorage.setItem(
      'threshold:draft:buying:1001:deposit',
      JSON.stringify({ depositAmount: '41000', lender: '' }),
    );
    buyingServer(() => buyCase({ buyers: [ANN], lender: 'HALIFAX' }));
    renderApp(`${APP}/purchase-and-financing`);
    const lender = await screen.findByRole('combobox', { name: PURCHASE_TEXTS.lender });
    expect(lender).toHaveValue('HALIFAX');
    // Not told to choose again: the hint says where the answer came from.
    expect(screen.getByText(PURCHASE_TEXTS.lenderKnownHint)).toBeInTheDocument();
    expect(screen.queryByText(PURCHASE_TEXTS.lenderHint)).toBeNull();
    expect(screen.getByLabelText(PURCHASE_TEXTS.depositAmount)).toHaveValue('41000');
    expect(screen.getAllByRole('button', { name: /save/i })).toHaveLength(1);
  });

  it('BUY-APP-11/12: a gift or ISA amount is asked on the donor or ISA only, and totalled', async () => {
    const gift = {
      donorId: 4,
      donorName: 'Gail Giver',
      donorEmail: 'gail@example.test',
      giftAmount: 1_000_000,
      status: 'INVITED' as const,
      invitedAt: '2026-11-20T10:00:00Z',
      answeredAt: null,
      buyerName: 'Ann',
      propertyAddressLine1: '2 Castle Road',
      documents: [],
    };
    const { calls } = buyingServer(
      () =>
        buyCase({
          buyers: [ANN],
          sourceOfFunds: [source(1, 'GIFTS')],
          gifts: [gift, { ...gift, donorId: 5, donorName: 'Gina', giftAmount: 500_000 }],
        }),
      { 'POST /api/buying/1001/sources-of-funds': () => json({ id: 2 }, 201) },
    );
    renderApp(`${APP}/purchase-and-financing`);
    const sources = await screen.findByRole('list', { name: PURCHASE_TEXTS.sourcesList });
    // The gifts' total, not a second amount typed for the source.
    expect(within(sources).getByText('Amount: £15,000.00')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: PURCHASE_TEXTS.addSourceHeading }));
    const add = screen.getByRole('form', { name: PURCHASE_TEXTS.addSourceHeading });
    const type = within(add).getByRole('combobox', { name: PURCHASE_TEXTS.sourceType });
    await userEvent.selectOptions(type, 'HELP_TO_BUY_ISA');
    expect(within(add).queryByLabelText(PURCHASE_TEXTS.sourceAmount)).toBeNull();
    expect(within(add).getByText(PURCHASE_TEXTS.isaAmountBelow)).toBeInTheDocument();
    await userEvent.selectOptions(type, 'SAVINGS');
    expect(within(add).getByLabelText(PURCHASE_TEXTS.sourceAmount)).toBeInTheDocument();
    await userEvent.selectOptions(type, 'HELP_TO_BUY_ISA');
    await userEvent.click(within(add).getByRole('button', { name: PURCHASE_TEXTS.addSource }));
    await waitFor(() =>
      expect(bodyOf(calls, 'POST', '/api/buying/1001/sources-of-funds')).toEqual({
        sourceType: 'HELP_TO_BUY_ISA',
        amount: null,
      }),
    );
    // Still one Save button with the lists and their add buttons.
    expect(screen.getAllByRole('button', { name: /save/i })).toHaveLength(1);
  });
});

describe("The buyer's address (issue 26, item 7)", () => {
  it('BUY-APP-08: a buyer gives a full address; the postcode is required', async () => {
    const buyer = owner(
      { id: 21, missingFields: ['Address'] },
      { address: { line1: '2 Elm Row' } },
    );
    const { calls } = buyingServer(() => buyCase({ buyers: [buyer] }), {
      'POST /api/buying/1001/applicant/21': () => noContent(),
    });
    renderApp(`${APP}/buyer-details`);
    const missing = await screen.findByTestId('owner-missing');
    expect(within(missing).getByText('Address')).toBeInTheDocument();
    // A buyer is never asked whether they live at the property they are buying.
    expect(screen.queryByRole('radiogroup', { name: /live at the property/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText(OWNERS_TEXTS.postcodeRequired)).toBeInTheDocument();
    expect(screen.getByText(OWNERS_TEXTS.townRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.type(screen.getByRole('textbox', { name: /Town or city/ }), 'Leeds');
    const postcode = screen.getByRole('textbox', { name: /Postcode/ });
    await userEvent.type(postcode, 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText(OWNERS_TEXTS.postcodeInvalid)).toBeInTheDocument();
    await userEvent.clear(postcode);
    await userEvent.type(postcode, 'ls6 2aa');
    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() =>
      expect(bodyOf(calls, 'POST', '/api/buying/1001/applicant/21')).toEqual({
        addressLine1: '2 Elm Row',
        town: 'Leeds',
        postcode: 'ls6 2aa',
        occupation: 'Teacher',
        nationalInsuranceNumber: 'QQ123456C',
        isUkResident: true,
      }),
    );
  });
});

describe('Purchase & Financing', () => {
  it('saves the deposit and lender; the server’s 422 goes under the deposit', async () => {
    let answer = () =>
      apiError(422, 'Some fields are not valid', {
        depositAmount: 'must not be more than the purchase price',
      });
    const { calls } = buyingServer(() => buyCase({ buyers: [ANN], depositAmount: null }), {
      'POST /api/buying/1001/purchase-and-financing': () => answer(),
    });
    renderApp(`${APP}/purchase-and-financing`);
    const save = await screen.findByRole('button', { name: PURCHASE_TEXTS.saveDeposit });
    await userEvent.click(save);
    expect(await screen.findByText(PURCHASE_TEXTS.depositRequired)).toBeInTheDocument();
    const deposit = screen.getByLabelText(PURCHASE_TEXTS.depositAmount);
    await userEvent.type(deposit, '500000');
    await userEvent.click(save);
    expect(await screen.findByText('must not be more than the purchase price')).toBeInTheDocument();
    answer = () => noContent();
    await userEvent.clear(deposit);
    await userEvent.type(deposit, '40,000.50');
    await userEvent.click(save);
    expect(await screen.findByText(APPLICATION_TEXTS.saved)).toBeInTheDocument();
    const bodies = calls.filter((c) => c.path === '/api/buying/1001/purchase-and-financing');
    expect(JSON.parse(bodies.at(-1)?.body ?? '{}')).toEqual({
      depositAmount: 4_000_050,
      lender: 'HALIFAX',
    });
  });

  it('adds sources of funds; the ISA part shows only with an ISA source; adds an ISA', async () => {
    let current: BuyingExpanded = buyCase({ buyers: [ANN] });
    const { calls } = buyingServer(() => current, {
      'POST /api/buying/1001/sources-of-funds': () => {
        current = buyCase({
          buyers: [ANN],
          sourceOfFunds: [source(1, 'SAVINGS', { amount: 1_000_000 }), source(2, 'LIFETIME_ISA')],
        });
        return json({ id: 2 }, 201);
      },
      'POST /api/isas': () => json({ id: 9 }, 201),
    });
    renderApp(`${APP}/purchase-and-financing`);
    const add = await screen.findByRole('form', { name: PURCHASE_TEXTS.addSourceHeading });
    expect(screen.queryByRole('heading', { name: PURCHASE_TEXTS.isasList })).toBeNull();
    await userEvent.selectOptions(
      within(add).getByRole('combobox', { name: PURCHASE_TEXTS.sourceType }),
      'LIFETIME_ISA',
    );
    await userEvent.click(within(add).getByRole('button', { name: PURCHASE_TEXTS.addSource }));
    await waitFor(() =>
      expect(bodyOf(calls, 'POST', '/api/buying/1001/sources-of-funds')).toEqual({
        sourceType: 'LIFETIME_ISA',
        amount: null,
      }),
    );
    const list = await screen.findByRole('list', { name: PURCHASE_TEXTS.sourcesList });
    expect(within(list).getByText('Savings')).toBeInTheDocument();
    expect(within(list).getByText('Amount: £10,000.00')).toBeInTheDocument();

    const isa = await screen.findByRole('form', { name: PURCHASE_TEXTS.addIsaHeading });
    await userEvent.selectOptions(
      within(isa).getByRole('combobox', { name: PURCHASE_TEXTS.isaType }),
      'LIFETIME_ISA',
    );
    await userEvent.selectOptions(
      within(isa).getByRole('combobox', { name: PURCHASE_TEXTS.isaHolder }),
      '21',
    );
    await userEvent.type(within(isa).getByLabelText(PURCHASE_TEXTS.isaAmount), '4000');
    await userEvent.click(within(isa).getByRole('button', { name: PURCHASE_TEXTS.addIsa }));
    await waitFor(() =>
      expect(bodyOf(calls, 'POST', '/api/isas')).toEqual({
        caseType: 'BUYING',
        caseId: 1001,
        isaType: 'LIFETIME_ISA',
        amount: 400_000,
        applicantId: 21,
      }),
    );
  });

  it('a gift asks for its donors; removing an ISA source with ISAs listed shows the 409', async () => {
    buyingServer(
      () =>
        buyCase({
          buyers: [ANN],
          sourceOfFunds: [source(1, 'GIFTS'), source(2, 'HELP_TO_BUY_ISA')],
          isas: [{ id: 9, isaType: 'HELP_TO_BUY_ISA', amount: null, applicantId: 21 }],
        }),
      {
        'DELETE /api/buying/1001/sources-of-funds/2': () =>
          apiError(409, 'Remove the ISAs of this kind before removing it as a source of funds.'),
      },
    );
    renderApp(`${APP}/purchase-and-financing`);
    expect(await screen.findByTestId('gifts-note')).toHaveTextContent(PURCHASE_TEXTS.giftsNote);
    const isas = screen.getByRole('list', { name: PURCHASE_TEXTS.isasList });
    expect(within(isas).getByText('Held by: Ann')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete A Help to Buy ISA' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Remove the ISAs of this kind before removing it as a source of funds.',
    );
  });
});

describe('Gift donors (BUY-APP-11, INVITE-03)', () => {
  it('adds a donor with the gift in pence and lists each donor with whether they confirmed', async () => {
    let gifts: BuyingExpanded['gifts'] = [
      {
        donorId: 4,
        donorName: 'Gail Giver',
        donorEmail: 'gail@example.test',
        giftAmount: 1_000_000,
        status: 'ACCEPTED',
        invitedAt: '2026-11-20T10:00:00Z',
        answeredAt: '2026-11-21T10:00:00Z',
        buyerName: 'Ann',
        propertyAddressLine1: '2 Castle Road',
        documents: [documentBody(61, 'GIFT_STATEMENT', 'gail-statement.pdf', 'BUYING')],
      },
    ];
    const { calls } = buyingServer(
      () =>
        buyCase({
          buyers: [ANN],
          sourceOfFunds: [source(1, 'GIFTS')],
          gifts,
        }),
      {
        'POST /api/buying/1001/donor': () => {
          gifts = [
            ...gifts,
            { ...gifts[0], donorId: 5, donorName: 'Gina Giver', status: 'INVITED', documents: [] },
          ];
          return json({ id: 5 }, 201);
        },
      },
    );
    renderApp(`${APP}/purchase-and-financing`);
    const list = await screen.findByRole('list', { name: PURCHASE_TEXTS.donorsList });
    expect(within(list).getByText('Gail Giver')).toBeInTheDocument();
    expect(within(list).getByText(GIFT_STATUS_LABELS.ACCEPTED)).toBeInTheDocument();
    // The evidence the donor uploaded on their own page.
    expect(within(list).getByText('Evidence: 1 file')).toBeInTheDocument();
    expect(screen.queryByTestId('gifts-note')).toBeNull();
    // With donors listed, the add form opens from its button (a shorter page on a phone).
    expect(screen.queryByLabelText(PURCHASE_TEXTS.donorName)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: PURCHASE_TEXTS.addDonorHeading }));
    await userEvent.click(screen.getByRole('button', { name: PURCHASE_TEXTS.addDonor }));
    expect(await screen.findByText(PURCHASE_TEXTS.donorNameRequired)).toBeInTheDocument();
    expect(screen.getByText(PURCHASE_TEXTS.giftAmountInvalid)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(PURCHASE_TEXTS.donorName), 'Gina Giver');
    await userEvent.type(screen.getByLabelText(PURCHASE_TEXTS.donorEmail), 'Gina@Example.test');
    await userEvent.type(screen.getByLabelText(PURCHASE_TEXTS.giftAmount), '25000');
    await userEvent.click(screen.getByRole('button', { name: PURCHASE_TEXTS.addDonor }));
    expect(await within(list).findByText('Gina Giver')).toBeInTheDocument();
    expect(within(list).getByText(GIFT_STATUS_LABELS.INVITED)).toBeInTheDocument();
    expect(within(list).getByText('Evidence: none yet')).toBeInTheDocument();
    expect(bodyOf(calls, 'POST', '/api/buying/1001/donor')).toEqual({
      preferredName: 'Gina Giver',
      email: 'gina@example.test',
      giftAmount: 2_500_000,
    });
  });

  it("changes a donor's gift (POST /buying/{caseId}/donor/{donorId}); the donor is asked again", async () => {
    const gail: BuyingExpanded['gifts'][number] = {
      donorId: 4,
      donorName: 'Gail Giver',
      donorEmail: 'gail@example.test',
      giftAmount: 1_000_000,
      status: 'ACCEPTED',
      invitedAt: '2026-11-20T10:00:00Z',
      answeredAt: '2026-11-21T10:00:00Z',
      buyerName: 'Ann',
      propertyAddressLine1: '2 Castle Road',
      documents: [],
    };
    let gifts = [gail];
    let answer = () =>
      apiError(422, 'Some of the details are not valid.', {
        giftAmount: 'Enter the amount of the gift',
      });
    const { calls } = buyingServer(
      () =>
        buyCase({
          buyers: [ANN],
          sourceOfFunds: [source(1, 'GIFTS')],
          gifts,
        }),
      { 'POST /api/buying/1001/donor/4': () => answer() },
    );
    renderApp(`${APP}/purchase-and-financing`);
    const list = await screen.findByRole('list', { name: PURCHASE_TEXTS.donorsList });
    expect(within(list).getByText('Amount: £10,000.00')).toBeInTheDocument();

    // Cancel leaves the gift as it is.
    await userEvent.click(within(list).getByRole('button', { name: 'Change amount Gail Giver' }));
    let dialog = await screen.findByRole('dialog', {
      name: PURCHASE_TEXTS.changeGiftTitle('Gail Giver'),
    });
    expect(within(dialog).getByLabelText(PURCHASE_TEXTS.giftAmount)).toHaveValue('10000');
    expect(dialog).toHaveAccessibleDescription(PURCHASE_TEXTS.changeGiftNote);
    await userEvent.click(within(dialog).getByRole('button', { name: APPLICATION_TEXTS.cancel }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());

    await userEvent.click(within(list).getByRole('button', { name: 'Change amount Gail Giver' }));
    dialog = await screen.findByRole('dialog', {
      name: PURCHASE_TEXTS.changeGiftTitle('Gail Giver'),
    });
    const amount = within(dialog).getByLabelText(PURCHASE_TEXTS.giftAmount);
    // Nothing is sent for an amount that is not one.
    await userEvent.clear(amount);
    await userEvent.type(amount, '0');
    await userEvent.click(within(dialog).getByRole('button', { name: PURCHASE_TEXTS.saveGift }));
    expect(await within(dialog).findByText(PURCHASE_TEXTS.giftAmountInvalid)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/buying/1001/donor/4')).toBe(false);

    // The server's field problem goes on the field.
    await userEvent.clear(amount);
    await userEvent.type(amount, '12,500');
    await userEvent.click(within(dialog).getByRole('button', { name: PURCHASE_TEXTS.saveGift }));
    expect(await within(dialog).findByText('Enter the amount of the gift')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');

    answer = () => {
      gifts = [{ ...gail, giftAmount: 1_250_000, status: 'INVITED', answeredAt: null }];
      return noContent();
    };
    await userEvent.click(within(dialog).getByRole('button', { name: PURCHASE_TEXTS.saveGift }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    const bodies = calls.filter(
      (c) => c.method === 'POST' && c.path === '/api/buying/1001/donor/4',
    );
    expect(JSON.parse(bodies[bodies.length - 1].body ?? 'null')).toEqual({
      giftAmount: 1_250_000,
    });
    expect(await within(list).findByText('Amount: £12,500.00')).toBeInTheDocument();
    expect(within(list).getByText(GIFT_STATUS_LABELS.INVITED)).toBeInTheDocument();
    expect(screen.getAllByText(APPLICATION_TEXTS.saved).length).toBeGreaterThan(0);
  });
});

describe('Stamp Duty Land Tax', () => {
  it('BUY-APP-14: all three answers are required; saving shows the new estimate', async () => {
    const { calls } = buyingServer(() => buyCase({ buyers: [ANN] }), {
      'POST /api/buying/1001/stamp-duty-land-tax': () =>
        json({ estimate: { landTaxType: 'STAMP_DUTY_LAND_TAX', amount: 750_000 } }),
    });
    renderApp(`${APP}/stamp-duty-land-tax`);
    expect(await screen.findByTestId('land-tax-intro')).toHaveTextContent('HM Revenue & Customs');
    await userEvent.click(screen.getByRole('button', { name: SDLT_TEXTS.save }));
    expect(await screen.findAllByText(SDLT_TEXTS.answerRequired)).toHaveLength(2);
    const group = (name: string) => screen.getByRole('radiogroup', { name });
    await userEvent.click(
      within(group(SDLT_TEXTS.multipleProperties)).getByRole('radio', { name: 'No' }),
    );
    await userEvent.click(
      within(group(SDLT_TEXTS.replacingMainResidence)).getByRole('radio', { name: 'Yes' }),
    );
    await userEvent.click(screen.getByRole('button', { name: SDLT_TEXTS.save }));
    expect(await screen.findByTestId('land-tax')).toHaveTextContent(
      'Stamp Duty Land Tax estimate: £7,500.00',
    );
    expect(bodyOf(calls, 'POST', '/api/buying/1001/stamp-duty-land-tax')).toEqual({
      resultsInMultipleProperties: false,
      isReplacingMainResidence: true,
      isFirstTimeBuyer: false,
    });
  });

  it('issue 28.2: answers that change the price take the buyer to the new quote', async () => {
    buyingServer(() => buyCase({ buyers: [ANN] }), {
      'POST /api/buying/1001/stamp-duty-land-tax': () =>
        json({
          estimate: { landTaxType: 'STAMP_DUTY_LAND_TAX', amount: 2_750_000 },
          requoted: true,
        }),
    });
    const { router } = renderApp(`${APP}/stamp-duty-land-tax`);
    const group = async (name: string) => screen.findByRole('radiogroup', { name });
    await userEvent.click(
      within(await group(SDLT_TEXTS.multipleProperties)).getByRole('radio', { name: 'Yes' }),
    );
    await userEvent.click(
      within(await group(SDLT_TEXTS.replacingMainResidence)).getByRole('radio', { name: 'No' }),
    );
    await userEvent.click(
      within(await group(SDLT_TEXTS.firstTimeBuyer)).getByRole('radio', { name: 'No' }),
    );
    await userEvent.click(screen.getByRole('button', { name: SDLT_TEXTS.save }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${APP}/quote`));
    expect(await screen.findByText(SDLT_TEXTS.requoted)).toBeInTheDocument();
  });

  it('in Wales the text names Land Transaction Tax and the Welsh Revenue Authority; 0 says none is expected', async () => {
    buyingServer(
      () =>
        buyCase({
          buyers: [ANN],
          resultsInMultipleProperties: false,
          isReplacingMainResidence: false,
          property: { ...buyCase().property, jurisdiction: 'WALES' },
        }),
      {
        'POST /api/buying/1001/stamp-duty-land-tax': () =>
          json({ estimate: { landTaxType: 'LAND_TRANSACTION_TAX', amount: 0 } }),
      },
    );
    renderApp(`${APP}/stamp-duty-land-tax`);
    // The section keeps its title; the words are Wales's.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Stamp Duty Land Tax' }),
    ).toBeInTheDocument();
    const intro = screen.getByTestId('land-tax-intro');
    expect(intro).toHaveTextContent('Land Transaction Tax');
    expect(intro).toHaveTextContent('Welsh Revenue Authority');
    await userEvent.click(screen.getByRole('button', { name: SDLT_TEXTS.save }));
    expect(await screen.findByTestId('land-tax')).toHaveTextContent(
      'No Land Transaction Tax is expected on this purchase.',
    );
    // Made from their own answers: no assumptions to state.
    expect(screen.getByTestId('land-tax')).not.toHaveTextContent('assumes');
  });
});

describe('Loans (buying)', () => {
  it('is the Financial Details form fed by the case type: POST /loans with BUYING', async () => {
    const { calls } = buyingServer(() => buyCase({ buyers: [ANN], hasLoans: true }), {
      'POST /api/loans': () => json({ id: 4 }, 201),
    });
    renderApp(`${APP}/loans`);
    expect(
      await screen.findByRole('radiogroup', { name: BUYING_LOANS_TEXTS.question }),
    ).toBeInTheDocument();
    const form = screen.getByRole('form', { name: BUYING_LOANS_TEXTS.addHeading });
    await userEvent.selectOptions(
      within(form).getByRole('combobox', { name: BUYING_LOANS_TEXTS.chargeType }),
      'SECURED_LOAN',
    );
    await userEvent.click(within(form).getByRole('button', { name: BUYING_LOANS_TEXTS.add }));
    await waitFor(() =>
      expect(bodyOf(calls, 'POST', '/api/loans')).toEqual({
        caseType: 'BUYING',
        caseId: 1001,
        hasLoans: true,
        loan: { chargeType: 'SECURED_LOAN', lenderName: null, amount: null },
      }),
    );
  });
});

describe('Documents (buying)', () => {
  it('shows the purchase groups with the §5 evidence guidance', async () => {
    const slot = (id: number, documentType: string, documentId: number | null = null) => ({
      id,
      documentType,
      documentId,
    });
    buyingServer(() =>
      buyCase({
        buyers: [ANN],
        requiredDocuments: {
          documents: [slot(1, 'MORTGAGE_IN_PRINCIPLE', 50)],
          sourceOfFundsDocuments: [slot(2, 'SAVINGS_STATEMENT'), slot(3, 'GIFT_STATEMENT')],
          isaDocuments: [slot(4, 'HELP_TO_BUY_STATEMENT')],
          buyToLetDocuments: [],
          statements: [slot(5, 'BANK_STATEMENT')],
        },
      }),
    );
    renderApp(`${APP}/documents`);
    const funds = await screen.findByRole('region', {
      name: DOCUMENTS_TEXTS.sourceOfFundsDocuments,
    });
    expect(within(funds).getByText('Savings statement')).toBeInTheDocument();
    expect(within(funds).getByText(/covering at least the last 6 months/)).toBeInTheDocument();
    const isas = screen.getByRole('region', { name: DOCUMENTS_TEXTS.isaDocuments });
    expect(within(isas).getByText(/within 3 months/)).toBeInTheDocument();
    const statements = screen.getByRole('region', { name: DOCUMENTS_TEXTS.statements });
    expect(within(statements).getByText(/for at least the last 12 months/)).toBeInTheDocument();
    const documents = screen.getByRole('region', { name: DOCUMENTS_TEXTS.documents });
    expect(within(documents).getByText('Mortgage in principle')).toBeInTheDocument();
    expect(within(documents).getByText(DOCUMENTS_TEXTS.uploaded)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: DOCUMENTS_TEXTS.buyToLetDocuments })).toBeNull();
  });
});

const SUBMIT: CaseTransition = {
  name: 'submit_application',
  label: 'Submit application',
  to: 'PREPARE_CLIENT_CARE_LETTER',
  allowed: true,
  reason: null,
  requiresReason: false,
  stepUp: false,
  by: ['customer'],
};
const COMPLETE = withStates(
  {
    property: 'IS_COMPLETE',
    'buyer-details': 'IS_COMPLETE',
    'purchase-and-financing': 'IS_COMPLETE',
    'stamp-duty-land-tax': 'IS_COMPLETE',
    loans: 'IS_COMPLETE',
    documents: 'IS_COMPLETE',
  },
  BUYING_SECTIONS,
);

describe('Review & Submit (buying)', () => {
  it('summarises every section, submits to /buying/{caseId}/submit and asks for feedback', async () => {
    let current = buyCase(
      {
        buyers: [ANN],
        hasLoans: false,
        resultsInMultipleProperties: false,
        isReplacingMainResidence: true,
        sourceOfFunds: [source(1, 'SAVINGS')],
      },
      COMPLETE,
      { readyToSubmit: true, transitions: [SUBMIT] },
    );
    const { calls } = buyingServer(() => current, {
      'POST /api/buying/1001/submit': () => {
        const hidden = COMPLETE.map(([k, l]) => [k, l, 'HIDDEN'] as (typeof COMPLETE)[number]);
        current = buyCase({ status: 'PREPARE_CLIENT_CARE_LETTER' }, hidden, {
          status: 'PREPARE_CLIENT_CARE_LETTER',
          submitted: true,
        });
        return json({ caseId: 1001, caseType: 'BUYING', status: 'PREPARE_CLIENT_CARE_LETTER' });
      },
      'POST /api/feedback': () => noContent(),
    });
    const { router } = renderApp(`${APP}/review-and-submit`);
    const money = await screen.findByRole('region', { name: 'Purchase & Financing' });
    expect(within(money).getByText('Savings')).toBeInTheDocument();
    expect(await within(money).findByText('Halifax')).toBeInTheDocument();
    const sdlt = screen.getByRole('region', { name: 'Stamp Duty Land Tax' });
    expect(within(sdlt).getByText(SDLT_TEXTS.replacingMainResidence).nextSibling).toHaveTextContent(
      'Yes',
    );
    expect(screen.getByRole('link', { name: 'Edit Buyer Details' })).toHaveAttribute(
      'href',
      `${APP}/buyer-details`,
    );
    expect(screen.getByText(REVIEW_TEXTS.nothingMissing)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: REVIEW_TEXTS.declaration }));
    await userEvent.click(screen.getByRole('button', { name: REVIEW_TEXTS.submit }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/buying/1001'));
    const dialog = await screen.findByRole('dialog', { name: FEEDBACK_TEXTS.title });
    await userEvent.click(within(dialog).getByRole('button', { name: FEEDBACK_TEXTS.dismiss }));
    await waitFor(() =>
      expect(bodyOf(calls, 'POST', '/api/feedback')).toMatchObject({
        caseType: 'BUYING',
        caseId: 1001,
        feedbackPoint: 'SUBMIT_APPLICATION',
      }),
    );
  });

  it('lists a buyer’s missing fields and the gift donors; a broker cannot submit', async () => {
    buyingServer(
      () =>
        buyCase(
          {
            buyers: [
              owner(
                {
                  id: 21,
                  isUkResident: null,
                  missingFields: ['National Insurance Number', 'UK Resident status'],
                },
                { nationalInsuranceNumber: null },
              ),
            ],
            sourceOfFunds: [source(1, 'GIFTS')],
          },
          withStates({ 'purchase-and-financing': 'NOT_STARTED' }, COMPLETE),
          { readyToSubmit: false, transitions: [] },
        ),
      {},
      makeMe({ role: 'ROLE_BROKER', enabledFeatures: ['BUYING'] }),
    );
    renderApp(`${APP}/review-and-submit`);
    const missing = await screen.findByTestId('missing-items');
    expect(within(missing).getByText('Purchase & Financing is not complete')).toBeInTheDocument();
    expect(
      within(missing).getByText(
        'Ann Marie Smith: National Insurance Number, UK Resident status missing',
      ),
    ).toBeInTheDocument();
    expect(within(missing).getByText(PURCHASE_TEXTS.donorsMissing)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: REVIEW_TEXTS.submit })).toBeDisabled();
    expect(screen.getByTestId('submit-why')).toHaveTextContent(REVIEW_TEXTS.brokerCannotSubmit);
  });
});

describe('the wizard across the buying sections', () => {
  it('Key Facts shows the purchase; Previous and Next skip locked sections', async () => {
    buyingServer(() =>
      buyCase(
        { buyers: [ANN] },
        withStates(
          { 'buyer-details': 'LOCKED', 'purchase-and-financing': 'LOCKED' },
          BUYING_SECTIONS,
        ),
      ),
    );
    renderApp(`${APP}/key-facts`);
    const facts = await screen.findByTestId('key-facts');
    expect(within(facts).getByText('Purchase price')).toBeInTheDocument();
    expect(within(facts).getByText('£400,000.00')).toBeInTheDocument();
    // BUY-APP-03: a purchase's key facts are changed on their own form.
    expect(screen.getByRole('link', { name: 'Edit key facts' })).toHaveAttribute(
      'href',
      `${APP}/key-facts/edit`,
    );
    expect(screen.getByRole('link', { name: 'Next: Quote' })).toHaveAttribute(
      'href',
      `${APP}/quote`,
    );
  });

  it('Next from Property skips the locked Buyer Details and Purchase & Financing', async () => {
    buyingServer(() =>
      buyCase(
        { buyers: [ANN] },
        withStates(
          { 'buyer-details': 'LOCKED', 'purchase-and-financing': 'LOCKED' },
          BUYING_SECTIONS,
        ),
      ),
    );
    renderApp(`${APP}/property`);
    const nav = await screen.findByRole('navigation', { name: 'Application sections' });
    expect(within(nav).getByRole('link', { name: 'Next: Stamp Duty Land Tax' })).toHaveAttribute(
      'href',
      `${APP}/stamp-duty-land-tax`,
    );
    expect(within(nav).getByRole('link', { name: 'Previous: Quote' })).toBeInTheDocument();
  });
});
