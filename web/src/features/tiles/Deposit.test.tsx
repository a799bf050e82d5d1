import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BuyingExpanded } from '../../lib/api/types';
import { bodyOf, buyingServer } from '../../test/application';
import { BUYING_DEPOSIT_TERMS, EXPRESS_REQUEST_TEXT } from '../../test/feeTerms';
import { json, type Handler } from '../../test/fetchMock';
import { quote } from '../../test/invitations';
import { renderApp } from '../../test/renderApp';
import { party, submittedPurchase } from '../../test/tiles';
import { DEPOSIT_POLL_MS } from './components/DepositTile';
import { DEPOSIT_TEXTS } from './texts';

const PATH = '/buying/1001/deposit';
const LOCAL = {
  provider: 'LOCAL',
  reference: 'local-7',
  amount: 30_000,
  redirectUrl: null,
  expiresAt: '2026-03-20T11:00:00Z',
};
const STRIPE = {
  provider: 'STRIPE',
  reference: 'cs_test_1',
  amount: 30_000,
  redirectUrl: 'https://checkout.stripe.com/c/pay/cs_test_1',
  expiresAt: '2026-03-20T11:00:00Z',
};

/** A purchase waiting for its up-front payment of £300 (or paid at `paidAt`). */
function depositCase(paidAt: string | null = null): BuyingExpanded {
  return submittedPurchase(
    {
      status: paidAt ? 'IDENTITY_VERIFICATION' : 'AWAITING_DEPOSIT',
      buyers: [
        party(11, 'user-1', 'Ann', {
          documentAcceptances: [{ documentId: 61, acceptedAt: '2026-03-18T09:00:00Z' }],
        }),
      ],
      quote: {
        ...quote({ caseType: 'BUYING', deposit: 30_000, depositTerms: BUYING_DEPOSIT_TERMS }),
        acceptedAt: '2026-03-06T12:00:00Z',
      },
      deposit: { paidAt },
      hasPaidDeposit: paidAt !== null,
      documents: {
        documents: [],
        generatedDocuments: [
          { documentId: 61, documentType: 'CLIENT_CARE_LETTER', isDraft: false },
        ],
      },
    },
    {
      'client-care-letter': 'IS_COMPLETE',
      deposit: paidAt ? 'IS_COMPLETE' : 'NOT_STARTED',
    },
  );
}

/** The statement the buyer ticks before paying (reg. 36), as the server sends it. */
const WORDING = { version: '2026-11-29', text: EXPRESS_REQUEST_TEXT, requestedAt: null };

/** The purchase's server, with the express request's wording. */
function depositServer(current: () => BuyingExpanded, handlers: Record<string, Handler> = {}) {
  return buyingServer(current, {
    'GET /api/buying/1001/work-start-request': () => json(WORDING),
    ...handlers,
  });
}

/** Ticks the express request to start work within the 14 days. */
const tick = async () =>
  userEvent.click(await screen.findByRole('checkbox', { name: EXPRESS_REQUEST_TEXT }));

const payButton = () => screen.queryByRole('button', { name: DEPOSIT_TEXTS.pay('£300.00') });
const findPay = () => screen.findByRole('button', { name: DEPOSIT_TEXTS.pay('£300.00') });

describe('Deposit (/deposit)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('BUY-POST-11 BUY-POST-12: the amount; a local install pays through the labelled test panel, then "Paid on"', async () => {
    let current = depositCase();
    const held: (() => void)[] = [];
    const { calls } = depositServer(() => current, {
      'POST /api/deposit-payment': async () => {
        await new Promise<void>((resolve) => held.push(resolve));
        return json(LOCAL);
      },
      'POST /api/local-payment-response': () => {
        current = depositCase('2026-03-20T10:00:00Z');
        return json({ caseId: 1001, caseType: 'BUYING', status: 'IDENTITY_VERIFICATION' });
      },
    });
    renderApp(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'Deposit' })).toBeVisible();
    expect(screen.getByTestId('deposit-amount')).toHaveTextContent('£300.00');
    // The same terms as the quote, its PDF and the client care letter (workflows/fees.toml),
    // and where the model cancellation form is.
    expect(screen.getByTestId('deposit-terms')).toHaveTextContent(BUYING_DEPOSIT_TERMS);
    expect(screen.getByRole('link', { name: DEPOSIT_TEXTS.cancellationForm })).toHaveAttribute(
      'href',
      '/legal/cancellation-form.html',
    );
    // No payment without the express request to start work within the 14 days.
    expect(await findPay()).toBeDisabled();
    await tick();
    await userEvent.click(await findPay());
    // The call is in flight: said, with a progress bar, and no second Pay.
    expect(await screen.findByRole('progressbar', { name: DEPOSIT_TEXTS.starting })).toBeVisible();
    expect(payButton()).toBeNull();
    await waitFor(() => expect(held).toHaveLength(1));
    held[0]();
    const panel = await screen.findByRole('region', { name: DEPOSIT_TEXTS.testHeading });
    expect(within(panel).getByText(DEPOSIT_TEXTS.testNote)).toBeVisible();
    expect(within(panel).getByText(DEPOSIT_TEXTS.reference('local-7'))).toBeVisible();
    // The express request goes with the payment: ticked, under the wording's version.
    expect(bodyOf(calls, 'POST', '/api/deposit-payment')).toEqual({
      caseId: 1001,
      startWorkRequested: true,
      wordingVersion: '2026-11-29',
    });
    await userEvent.click(within(panel).getByRole('button', { name: DEPOSIT_TEXTS.confirm }));
    expect(await screen.findByText(DEPOSIT_TEXTS.paid('20/03/2026'))).toBeVisible();
    expect(bodyOf(calls, 'POST', '/api/local-payment-response')).toEqual({
      reference: 'local-7',
      outcome: 'PAID',
    });
    expect(screen.getByTestId('deposit-state')).toHaveAttribute('data-state', 'paid');
    expect(payButton()).toBeNull();
  });

  it('a local payment cancelled on the test panel says nothing was taken and offers Pay again', async () => {
    const { calls } = depositServer(() => depositCase(), {
      'POST /api/deposit-payment': () => json(LOCAL),
      'POST /api/local-payment-response': () =>
        json({ caseId: 1001, caseType: 'BUYING', status: 'AWAITING_DEPOSIT' }),
    });
    renderApp(PATH);
    await tick();
    await userEvent.click(await findPay());
    const panel = await screen.findByRole('region', { name: DEPOSIT_TEXTS.testHeading });
    await userEvent.click(within(panel).getByRole('button', { name: DEPOSIT_TEXTS.cancel }));
    expect(await screen.findByText(DEPOSIT_TEXTS.cancelled)).toBeVisible();
    expect(bodyOf(calls, 'POST', '/api/local-payment-response')).toEqual({
      reference: 'local-7',
      outcome: 'CANCELLED',
    });
    expect(screen.queryByRole('region', { name: DEPOSIT_TEXTS.testHeading })).toBeNull();
    expect(payButton()).toBeEnabled();
  });

  it("BUY-POST-12: with a payment provider the browser goes to the provider's checkout", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    depositServer(() => depositCase(), { 'POST /api/deposit-payment': () => json(STRIPE) });
    renderApp(PATH);
    await tick();
    await userEvent.click(await findPay());
    expect(await screen.findByText(DEPOSIT_TEXTS.redirecting)).toBeVisible();
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith(STRIPE.redirectUrl);
  });

  it('back from the checkout with ?payment=success: thanks, and the case is asked again until it is paid', async () => {
    let gets = 0;
    depositServer(() => {
      gets += 1;
      return depositCase(gets > 1 ? '2026-03-21T08:30:00Z' : null);
    });
    renderApp(`${PATH}?payment=success`);
    expect(await screen.findByText(DEPOSIT_TEXTS.returnedSuccess)).toBeVisible();
    expect(payButton()).toBeNull();
    expect(
      await screen.findByText(
        DEPOSIT_TEXTS.paid('21/03/2026'),
        {},
        { timeout: DEPOSIT_POLL_MS * 3 },
      ),
    ).toBeVisible();
    const settled = gets;
    await new Promise((resolve) => setTimeout(resolve, DEPOSIT_POLL_MS + 500));
    // Paid: the polling stopped.
    expect(gets).toBe(settled);
  });

  it('back from the checkout with ?payment=cancelled: nothing was taken, Pay is offered again', async () => {
    depositServer(() => depositCase());
    renderApp(`${PATH}?payment=cancelled`);
    expect(await screen.findByText(DEPOSIT_TEXTS.cancelled)).toBeVisible();
    expect(payButton()).toBeDisabled();
    await tick();
    expect(payButton()).toBeEnabled();
  });

  it("a refusal (409 already_paid) is shown in the server's words and Pay can be tried again", async () => {
    let attempts = 0;
    depositServer(() => depositCase(), {
      'POST /api/deposit-payment': () => {
        attempts += 1;
        return json(
          { error: { code: 'already_paid', message: 'This payment has already been made.' } },
          409,
        );
      },
    });
    renderApp(PATH);
    await tick();
    await userEvent.click(await findPay());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This payment has already been made.',
    );
    await userEvent.click(payButton()!);
    await waitFor(() => expect(attempts).toBe(2));
  });

  it("a co-buyer's payment in progress is shown, by whom and until when, with no second Pay", async () => {
    const inProgress = depositCase();
    inProgress.buyers = [...inProgress.buyers, party(12, 'user-2', 'Bob')];
    inProgress.depositPayment = {
      startedBy: 12,
      startedByYou: false,
      startedAt: '2026-03-20T10:00:00',
      expiresAt: '2026-03-20T11:00:00',
    };
    const { calls } = depositServer(() => inProgress);
    renderApp(PATH);
    const status = await screen.findByTestId('deposit-in-progress');
    expect(within(status).getByText(DEPOSIT_TEXTS.inProgress)).toBeVisible();
    expect(
      within(status).getByText(DEPOSIT_TEXTS.inProgressBy('Bob', '20/03/2026 10:00')),
    ).toBeVisible();
    expect(
      within(status).getByText(DEPOSIT_TEXTS.inProgressUntil('20/03/2026 11:00')),
    ).toBeVisible();
    expect(payButton()).toBeNull();
    expect(calls.some((c) => c.path === '/api/deposit-payment')).toBe(false);
  });

  it('the buyer who started the payment carries on with it', async () => {
    const mine = depositCase();
    mine.depositPayment = {
      startedBy: 11,
      startedByYou: true,
      startedAt: '2026-03-20T10:00:00',
      expiresAt: '2026-03-20T11:00:00',
    };
    depositServer(() => mine, { 'POST /api/deposit-payment': () => json(LOCAL) });
    renderApp(PATH);
    expect(
      await screen.findByText(DEPOSIT_TEXTS.yoursInProgress('20/03/2026 10:00')),
    ).toBeVisible();
    expect(screen.queryByTestId('deposit-in-progress')).toBeNull();
    await tick();
    await userEvent.click(await findPay());
    expect(await screen.findByRole('region', { name: DEPOSIT_TEXTS.testHeading })).toBeVisible();
  });

  it('a paid deposit says when, with no Pay', async () => {
    depositServer(() => depositCase('2026-03-20T10:00:00Z'));
    renderApp(PATH);
    expect(await screen.findByText(DEPOSIT_TEXTS.paid('20/03/2026'))).toBeVisible();
    expect(screen.getByText(DEPOSIT_TEXTS.paidNote)).toBeVisible();
    expect(payButton()).toBeNull();
  });
});
