import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '../../components/GenericError';
import type { FeedItem, Me, Quote } from '../../lib/api/types';
import { expanded, overviews, page, remItem, REM_SECTIONS } from '../../test/cases';
import { apiError, json, noContent, type Handler } from '../../test/fetchMock';
import { makeMe, signedInServer } from '../../test/fixtures';
import { REMORTGAGE_DEPOSIT_TERMS } from '../../test/feeTerms';
import { buyingQuote, feedItem, feedPage, quote } from '../../test/invitations';
import { renderApp } from '../../test/renderApp';
import { QUOTE_LABELS, QUOTE_TEXTS, REPORT_TEXTS } from './texts';

const TOKEN = 'user-1.1900000000.abc';
const ME = makeMe({ knockToken: TOKEN, enabledFeatures: ['BUYING'] });

const moved = (caseType: string, caseId: number, status: string) =>
  json({ caseId, caseType, status });

/**
 * The server the overlay talks to: a feed holding `initial`, each item archivable; the quotes
 * and answers of remortgaging case 1001 and buying case 2002.
 */
function server(initial: FeedItem[], extra: Record<string, Handler> = {}, me: Me = ME) {
  let items = [...initial];
  const routes: Record<string, Handler> = {
    'GET /api/feed/counts': () =>
      json({ totalCount: items.length, unreadCount: items.filter((i) => !i.read).length }),
    'GET /api/feed': () => json(feedPage(items)),
    'GET /api/remortgaging/1001/quote/latest': () => json(quote()),
    'GET /api/buying/2002/quote/latest': () => json(buyingQuote('STAMP_DUTY_LAND_TAX', 1_250_000)),
    'POST /api/remortgaging/1001/invitation/respond': async (request) => {
      const { accepted } = (await request.json()) as { accepted: boolean };
      if (!accepted) items = items.filter((i) => i.data.caseId !== 1001);
      return moved(
        'REMORTGAGING',
        1001,
        accepted ? 'BROKER_APPLICATION_INVITE' : 'BROKER_APPLICATION',
      );
    },
    'POST /api/buying/2002/invitation/respond': () => moved('BUYING', 2002, 'CUSTOMER_APPLICATION'),
    'POST /api/quote/77/accept': () => moved('REMORTGAGING', 1001, 'CUSTOMER_APPLICATION'),
    'GET /api/remortgaging/cases/1001/expanded': () => json(expanded('REMORTGAGING', REM_SECTIONS)),
    'GET /api/buying/case/2002/expanded': () => json(expanded('BUYING', [], [], 2002)),
    'GET /api/case-overviews': () => json(overviews(2, 0)),
    'GET /api/remortgaging/cases': () => json(page([remItem()])),
    'POST /api/auth/logout': () => noContent(),
  };
  for (const item of initial) {
    routes[`POST /api/feed/${item.id}/archive`] = () => {
      items = items.filter((i) => i.id !== item.id);
      return noContent();
    };
  }
  return signedInServer(me, { ...routes, ...extra });
}

type Calls = ReturnType<typeof server>['calls'];

const writes = (calls: Calls) =>
  calls
    .filter((c) => c.method === 'POST' && !c.path.startsWith('/api/auth'))
    .map((c) => `${c.path} ${c.body ?? ''}`);

async function modal(name: string) {
  return within(await screen.findByRole('dialog', { name }));
}

describe('the quote modal', () => {
  it('INVITE-01 QUOTE-01..04 QUOTE-11: a case quote opens over the shell with the whole quote', async () => {
    const item = feedItem('case-quote');
    const { calls } = server([item]);
    renderApp('/help');
    const dialog = await modal(QUOTE_TEXTS.quoteTitle);
    // The shell is underneath.
    expect(
      screen.getByRole('heading', { level: 1, name: 'Help', hidden: true }),
    ).toBeInTheDocument();
    expect(dialog.getByText('Prepared by Bea Broker, Bright Mortgages Ltd')).toBeInTheDocument();
    expect(dialog.getByText('For the remortgage of 1 High Street')).toBeInTheDocument();
    for (const title of ['Legal fees', 'Disbursements']) {
      expect(dialog.getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    }
    const legal = dialog.getByRole('table', { name: 'Legal fees' });
    expect(
      within(legal).getByRole('row', { name: 'Remortgage legal fee £450.00' }),
    ).toBeInTheDocument();
    expect(
      within(legal).getByRole('row', { name: 'VAT on legal fees £90.00' }),
    ).toBeInTheDocument();
    const fees = dialog.getByRole('table', { name: 'Disbursements' });
    expect(
      within(fees).getByRole('row', { name: 'HM Land Registry fee £45.00' }),
    ).toBeInTheDocument();
    const summary = dialog.getByRole('table', { name: 'Quote summary' });
    expect(within(summary).getByRole('row', { name: 'Subtotal £585.00' })).toBeInTheDocument();
    expect(within(summary).getByRole('row', { name: 'Discount −£50.00' })).toBeInTheDocument();
    expect(within(summary).getByRole('row', { name: 'Total £535.00' })).toBeInTheDocument();
    // A remortgage asks for no up-front payment: no line promising one, and the terms say so
    // (it showed "Deposit £100.00 … paid when you accept this quote" before, which nothing took).
    expect(within(summary).queryByRole('row', { name: /Up-front payment/ })).toBeNull();
    expect(dialog.getByTestId('quote-terms')).toHaveTextContent(REMORTGAGE_DEPOSIT_TERMS);
    expect(dialog.getByTestId('referral')).toHaveTextContent('Referral fee: none.');
    expect(dialog.queryByTestId('land-tax')).toBeNull();
    expect(dialog.getByRole('button', { name: QUOTE_TEXTS.acceptQuote })).toBeEnabled();
    expect(dialog.getByRole('button', { name: QUOTE_TEXTS.reportIssue })).toBeEnabled();
    expect(dialog.queryByRole('button', { name: /Decline/ })).toBeNull();
    expect(calls.some((c) => c.path === '/api/remortgaging/1001/quote/latest')).toBe(true);
  });

  it('INVITE-05 INVITE-07..09 CALLS-38: accept answers, accepts the quote, archives, goes to the case', async () => {
    const item = feedItem('case-quote');
    const { calls } = server([item]);
    const { router } = renderApp('/help');
    const dialog = await modal(QUOTE_TEXTS.quoteTitle);
    await userEvent.click(dialog.getByRole('button', { name: QUOTE_TEXTS.acceptQuote }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/remortgaging/1001'));
    await waitFor(() => expect(screen.queryByTestId('invitation-modal')).toBeNull());
    expect(writes(calls)).toEqual([
      '/api/remortgaging/1001/invitation/respond {"accepted":true}',
      '/api/quote/77/accept {"caseType":"REMORTGAGING","caseId":1001}',
      `/api/feed/${item.id}/archive {}`,
    ]);
    const archive = calls.find((c) => c.path === `/api/feed/${item.id}/archive`);
    expect(archive?.request.headers.get('X-Knock-Token')).toBe(TOKEN);
    expect(await screen.findByRole('list', { name: 'Application sections' })).toBeInTheDocument();
  });

  it("QUOTE-05: 'Report an issue' sends the customer's message to their broker, named", async () => {
    const { calls } = server([feedItem('case-quote')], {
      'POST /api/quote/77/report-issue': () => noContent(),
    });
    renderApp('/help');
    const dialog = await modal(QUOTE_TEXTS.quoteTitle);
    await userEvent.click(dialog.getByRole('button', { name: QUOTE_TEXTS.reportIssue }));
    const report = await modal('Report an issue');
    expect(report.getByText(/Tell Bea Broker at Bright Mortgages Ltd what/)).toBeInTheDocument();
    // Nothing to send yet: the field says what is missing and nothing is sent.
    await userEvent.click(report.getByRole('button', { name: REPORT_TEXTS.send }));
    expect(report.getByText(REPORT_TEXTS.required)).toBeInTheDocument();
    await userEvent.type(report.getByLabelText(/What is wrong with the quote\?/), '  Too dear  ');
    await userEvent.click(report.getByRole('button', { name: REPORT_TEXTS.send }));
    expect(await report.findByRole('status')).toHaveTextContent(
      'Your message has been sent to Bea Broker at Bright Mortgages Ltd.',
    );
    const sent = calls.filter((c) => c.path === '/api/quote/77/report-issue');
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0].body ?? '')).toEqual({
      caseType: 'REMORTGAGING',
      caseId: 1001,
      message: 'Too dear',
    });
    await userEvent.click(report.getByRole('button', { name: QUOTE_TEXTS.close }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Report an issue' })).toBeNull(),
    );
    expect(screen.getByRole('dialog', { name: QUOTE_TEXTS.quoteTitle })).toBeInTheDocument();
  });

  it('QUOTE-05: a report that fails shows the generic error and keeps the message', async () => {
    server([feedItem('case-quote')], {
      'POST /api/quote/77/report-issue': () => apiError(500, 'boom'),
    });
    renderApp('/help');
    const dialog = await modal(QUOTE_TEXTS.quoteTitle);
    await userEvent.click(dialog.getByRole('button', { name: QUOTE_TEXTS.reportIssue }));
    const report = await modal('Report an issue');
    await userEvent.type(report.getByLabelText(/What is wrong with the quote\?/), 'Too dear');
    await userEvent.click(report.getByRole('button', { name: REPORT_TEXTS.send }));
    expect(await report.findByText(ERROR_TEXTS.title)).toBeInTheDocument();
    expect(report.getByLabelText(/What is wrong with the quote\?/)).toHaveValue('Too dear');
  });

  it("QUOTE-09 ERR-17: a missing quote says so; 'Close the message' archives and closes", async () => {
    const item = feedItem('case-quote');
    const { calls } = server([item], {
      'GET /api/remortgaging/1001/quote/latest': () => apiError(404, 'No quote'),
    });
    renderApp('/help');
    const dialog = await modal(QUOTE_TEXTS.missing);
    expect(dialog.queryByRole('button', { name: QUOTE_TEXTS.acceptQuote })).toBeNull();
    await userEvent.click(dialog.getByRole('button', { name: QUOTE_TEXTS.closeMessage }));
    await waitFor(() => expect(screen.queryByTestId('invitation-modal')).toBeNull());
    expect(writes(calls)).toEqual([`/api/feed/${item.id}/archive {}`]);
  });

  it('ERR-19: a failed accept shows the generic error component, and Try again starts over', async () => {
    const item = feedItem('case-quote');
    const { calls } = server([item], {
      'POST /api/quote/77/accept': () => apiError(500, 'Boom'),
    });
    const { router } = renderApp('/help');
    const dialog = await modal(QUOTE_TEXTS.quoteTitle);
    await userEvent.click(dialog.getByRole('button', { name: QUOTE_TEXTS.acceptQuote }));
    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_TEXTS.title);
    expect(alert).toHaveTextContent(ERROR_TEXTS.body);
    expect(router.state.location.pathname).toBe('/help');
    expect(calls.some((c) => c.path.endsWith('/archive'))).toBe(false);
    await userEvent.click(dialog.getByRole('button', { name: 'Try again' }));
    expect(
      await dialog.findByRole('button', { name: QUOTE_TEXTS.acceptQuote }),
    ).toBeInTheDocument();
  });

  it('QUOTE-10 CONST-27 CONST-29: a purchase names its land tax and what its estimate assumes', async () => {
    server([feedItem('case-quote', { caseType: 'BUYING', caseId: 2002 })]);
    renderApp('/help');
    const dialog = await modal(QUOTE_TEXTS.quoteTitle);
    expect(dialog.getByText('For the purchase of 1 High Street')).toBeInTheDocument();
    expect(dialog.getByTestId('land-tax')).toHaveTextContent(
      'Stamp Duty Land Tax estimate: £12,500.00',
    );
    expect(dialog.getByTestId('land-tax')).toHaveTextContent(
      'Payable to HM Revenue & Customs within 14 days of completion.',
    );
    expect(dialog.getByTestId('land-tax')).toHaveTextContent(
      'The estimate assumes England, UK-resident buyers and no multiple property ownership.',
    );
  });

  it("issue 28: the estimate says what it assumed in the server's words, when it gives them", async () => {
    const assumptions =
      'The estimate assumes England, first-time buyers, a buyer not resident in the UK and no multiple property ownership.';
    server([feedItem('case-quote', { caseType: 'BUYING', caseId: 2002 })], {
      'GET /api/buying/2002/quote/latest': () => {
        const q = buyingQuote('STAMP_DUTY_LAND_TAX', 1_250_000);
        return json({ ...q, landTaxEstimate: { ...q.landTaxEstimate!, assumptions } });
      },
    });
    renderApp('/help');
    const dialog = await modal(QUOTE_TEXTS.quoteTitle);
    const landTax = await dialog.findByTestId('land-tax');
    expect(landTax).toHaveTextContent(assumptions);
    expect(landTax).not.toHaveTextContent('UK-resident buyers');
  });

  it('issue 28: a re-quote of a purchase shows the total and land tax it had, and asks again', async () => {
    server([feedItem('case-quote', { caseType: 'BUYING', caseId: 2002 })], {
      'GET /api/buying/2002/quote/latest': () =>
        json({
          ...buyingQuote('STAMP_DUTY_LAND_TAX', 2_000_000),
          previous: {
            acceptedAt: '2026-03-06T12:00:00Z',
            totalAmount: 50_000,
            landTaxAmount: 1_250_000,
          },
        }),
    });
    renderApp('/help');
    const dialog = await modal(QUOTE_TEXTS.quoteTitle);
    const changed = dialog.getByTestId('quote-changed');
    expect(changed).toHaveTextContent(
      'Your quote has changed since you accepted it on 06/03/2026. Check the new figures and accept the quote again to carry on.',
    );
    expect(within(changed).getByRole('row', { name: /^Total/ })).toHaveTextContent(
      'Total£500.00£535.00',
    );
    expect(
      within(changed).getByRole('row', { name: /Stamp Duty Land Tax estimate/ }),
    ).toHaveTextContent('Stamp Duty Land Tax estimate£12,500.00£20,000.00');
    expect(dialog.getByRole('button', { name: QUOTE_TEXTS.acceptQuote })).toBeInTheDocument();
  });

  it('CONST-27: a purchase quote with no land tax estimate shows no land tax note', async () => {
    server([feedItem('case-quote', { caseType: 'BUYING', caseId: 2002 })], {
      'GET /api/buying/2002/quote/latest': () =>
        json(quote({ caseId: 2002, caseType: 'BUYING', landTaxEstimate: null })),
    });
    renderApp('/help');
    const dialog = await modal(QUOTE_TEXTS.quoteTitle);
    expect(dialog.getByText('For the purchase of 1 High Street')).toBeInTheDocument();
    expect(dialog.queryByTestId('land-tax')).toBeNull();
    expect(dialog.queryByText(/Land Tax/)).toBeNull();
  });

  it('CONST-26: every figure is the server’s, shown as sent (no arithmetic in the browser)', async () => {
    // Figures that do not add up: the page must not recompute or correct them.
    server([feedItem('case-quote')], {
      'GET /api/remortgaging/1001/quote/latest': () =>
        json(
          quote({
            costBreakdown: [
              { sectionTitle: 'Legal fees', costs: [{ label: 'Legal fee', amount: 10_001 }] },
            ],
            subtotal: 77_777,
            discount: 1_234,
            totalAmount: 99_999,
            deposit: 4_321,
          }),
        ),
    });
    renderApp('/help');
    const dialog = await modal(QUOTE_TEXTS.quoteTitle);
    const legal = dialog.getByRole('table', { name: 'Legal fees' });
    expect(within(legal).getByRole('row', { name: 'Legal fee £100.01' })).toBeInTheDocument();
    const summary = dialog.getByRole('table', { name: 'Quote summary' });
    expect(within(summary).getByRole('row', { name: 'Subtotal £777.77' })).toBeInTheDocument();
    expect(within(summary).getByRole('row', { name: 'Discount −£12.34' })).toBeInTheDocument();
    expect(within(summary).getByRole('row', { name: 'Total £999.99' })).toBeInTheDocument();
    expect(
      within(summary).getByRole('row', { name: 'Up-front payment £43.21' }),
    ).toBeInTheDocument();
  });

  it.each<[string, Quote, string]>([
    [
      'LTT with an amount',
      buyingQuote('LAND_TRANSACTION_TAX', 345_000),
      'Land Transaction Tax estimate: £3,450.00',
    ],
    ['LTT of 0', buyingQuote('LAND_TRANSACTION_TAX', 0), 'No Land Transaction Tax is expected'],
    [
      'LTT assumptions',
      buyingQuote('LAND_TRANSACTION_TAX', 345_000),
      'The estimate assumes Wales and no multiple property ownership.',
    ],
    ['SDLT of 0', buyingQuote('STAMP_DUTY_LAND_TAX', 0), 'No Stamp Duty Land Tax is expected'],
  ])('QUOTE-10: %s', async (_, answer, text) => {
    server([feedItem('case-quote', { caseType: 'BUYING', caseId: 2002 })], {
      'GET /api/buying/2002/quote/latest': () => json(answer),
    });
    renderApp('/help');
    const dialog = await modal(QUOTE_TEXTS.quoteTitle);
    expect(dialog.getByTestId('land-tax')).toHaveTextContent(text);
  });
});

describe('the lender invite', () => {
  const lenderItem = () =>
    feedItem('case-quote', {
      isLender: true,
      brokerPreferredName: 'Len Lender',
      inviterName: 'Len Lender',
      brokerFirm: 'Lend Co',
    });

  it('QUOTE-06 QUOTE-07: "Your Conveyancing Invite" with Accept Invitation / Decline Invitation', async () => {
    server([lenderItem()]);
    renderApp('/help');
    const dialog = await modal(QUOTE_TEXTS.lenderTitle);
    expect(dialog.getByText(/Len Lender, Lend Co, has invited you/)).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: QUOTE_TEXTS.acceptInvitation })).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: QUOTE_TEXTS.declineInvitation })).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: QUOTE_TEXTS.acceptQuote })).toBeNull();
  });

  it('accepting a lender invite answers yes without accepting a quote, then goes to the case', async () => {
    const item = lenderItem();
    const { calls } = server([item]);
    const { router } = renderApp('/help');
    const dialog = await modal(QUOTE_TEXTS.lenderTitle);
    await userEvent.click(dialog.getByRole('button', { name: QUOTE_TEXTS.acceptInvitation }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/remortgaging/1001'));
    expect(writes(calls)).toEqual([
      '/api/remortgaging/1001/invitation/respond {"accepted":true}',
      `/api/feed/${item.id}/archive {}`,
    ]);
  });

  it('QUOTE-08 INVITE-10 INVITE-11 CALLS-38: declining shows the declined screen; Close archives and stays signed in with another case', async () => {
    const item = lenderItem();
    const { calls } = server([item]);
    const { router } = renderApp('/help');
    const dialog = await modal(QUOTE_TEXTS.lenderTitle);
    await userEvent.click(dialog.getByRole('button', { name: QUOTE_TEXTS.declineInvitation }));
    const declined = await modal(QUOTE_TEXTS.declined);
    expect(declined.getByRole('heading', { name: QUOTE_TEXTS.declined })).toHaveFocus();
    await userEvent.click(declined.getByRole('button', { name: QUOTE_TEXTS.close }));
    await waitFor(() => expect(screen.queryByTestId('invitation-modal')).toBeNull());
    expect(writes(calls)).toEqual([
      '/api/remortgaging/1001/invitation/respond {"accepted":false}',
      `/api/feed/${item.id}/archive {}`,
    ]);
    expect(calls.some((c) => c.path === '/api/case-overviews')).toBe(true);
    expect(calls.some((c) => c.path === '/api/auth/logout')).toBe(false);
    expect(router.state.location.pathname).toBe('/help');
  });

  it('INVITE-11: Close logs out a user whose only active case is the declined one', async () => {
    const { calls } = server([lenderItem()], {
      'GET /api/case-overviews': () => json(overviews(1, 0)),
    });
    const { router } = renderApp('/help');
    const dialog = await modal(QUOTE_TEXTS.lenderTitle);
    await userEvent.click(dialog.getByRole('button', { name: QUOTE_TEXTS.declineInvitation }));
    const declined = await modal(QUOTE_TEXTS.declined);
    await userEvent.click(declined.getByRole('button', { name: QUOTE_TEXTS.close }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.some((c) => c.path === '/api/auth/logout')).toBe(true);
  });

  it('INVITE-11: the declined case no longer being theirs counts as no case', async () => {
    const { calls } = server([lenderItem()], {
      'GET /api/case-overviews': () => json(overviews(0, 0)),
      'GET /api/remortgaging/cases/1001/expanded': () => apiError(404),
    });
    const { router } = renderApp('/help');
    const dialog = await modal(QUOTE_TEXTS.lenderTitle);
    await userEvent.click(dialog.getByRole('button', { name: QUOTE_TEXTS.declineInvitation }));
    await userEvent.click(
      (await modal(QUOTE_TEXTS.declined)).getByRole('button', { name: QUOTE_TEXTS.close }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.some((c) => c.path === '/api/auth/logout')).toBe(true);
  });

  it('spec §8 ERR-19: a failed decline shows the generic error component', async () => {
    server([lenderItem()], {
      'POST /api/remortgaging/1001/invitation/respond': () => apiError(409, 'No invitation'),
    });
    renderApp('/help');
    const dialog = await modal(QUOTE_TEXTS.lenderTitle);
    await userEvent.click(dialog.getByRole('button', { name: QUOTE_TEXTS.declineInvitation }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(ERROR_TEXTS.title);
    await userEvent.click(dialog.getByRole('button', { name: QUOTE_TEXTS.close }));
    await waitFor(() => expect(screen.queryByTestId('invitation-modal')).toBeNull());
  });
});

describe('invitations', () => {
  it('INVITE-02 INVITE-04 INVITE-05: a case invitation names who invites and where; Accept answers yes', async () => {
    const item = feedItem('case-invitation', {
      caseType: 'BUYING',
      caseId: 2002,
      inviterName: 'Jo Jones',
      invitees: ['Ann', 'Ben'],
      propertyAddressLine1: '2 Castle Road',
    });
    const { calls } = server([item]);
    const { router } = renderApp('/help');
    const dialog = await modal(QUOTE_TEXTS.invitationTitle);
    expect(dialog.getByText(/Jo Jones has invited you .* 2 Castle Road/)).toBeInTheDocument();
    expect(dialog.getByText('Invited: Ann, Ben')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: QUOTE_TEXTS.decline })).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: QUOTE_TEXTS.accept }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/buying/2002'));
    expect(writes(calls)).toEqual([
      '/api/buying/2002/invitation/respond {"accepted":true}',
      `/api/feed/${item.id}/archive {}`,
    ]);
    expect(calls.some((c) => c.path.includes('/quote/'))).toBe(false);
  });

  it('INVITE-10 CALLS-38: Decline on a case invitation answers no and shows the declined screen', async () => {
    const { calls } = server([feedItem('case-invitation')]);
    renderApp('/help');
    const dialog = await modal(QUOTE_TEXTS.invitationTitle);
    await userEvent.click(dialog.getByRole('button', { name: QUOTE_TEXTS.decline }));
    expect(await modal(QUOTE_TEXTS.declined)).toBeTruthy();
    expect(writes(calls)).toEqual(['/api/remortgaging/1001/invitation/respond {"accepted":false}']);
  });

  it('INVITE-03 INVITE-06: a donor confirms their gift — the buyer, the property and the amount — and Close goes to their gift', async () => {
    const item = feedItem('case-donor-invitation', {
      caseType: 'BUYING',
      caseId: 2002,
      inviterName: 'Brian Broker',
      invitees: ['Bea Buyer'],
      propertyAddressLine1: '2 Castle Road',
    });
    const { calls } = server([item], {
      'GET /api/donor-evidence/buying/2002': () =>
        json({
          gifts: [
            {
              donorId: 5,
              donorName: 'Gina Giver',
              donorEmail: 'gina@example.test',
              giftAmount: 2_500_000,
              status: 'INVITED',
              invitedAt: '2026-11-24T10:00:00Z',
              answeredAt: null,
              buyerName: 'Bea Buyer',
              propertyAddressLine1: '2 Castle Road',
              documents: [],
            },
          ],
        }),
      'POST /api/buying/2002/donor/invitation/respond': () =>
        json({ donorId: 5, status: 'ACCEPTED' }),
    });
    const { router } = renderApp('/help');
    const dialog = await modal(QUOTE_TEXTS.donorTitle);
    expect(
      await dialog.findByText(
        'Bea Buyer has asked you to confirm your gift contribution of £25,000.00 towards the purchase of 2 Castle Road.',
      ),
    ).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: QUOTE_TEXTS.decline })).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: QUOTE_TEXTS.accept }));
    // A donor never sees the buyers' case: a thank-you, then Close takes them to their own gift
    // (issue 26).
    expect(await modal(QUOTE_LABELS.giftConfirmed)).toBeTruthy();
    expect(writes(calls)).toEqual([
      '/api/buying/2002/donor/invitation/respond {"accepted":true}',
      `/api/feed/${item.id}/archive {}`,
    ]);
    await userEvent.click(screen.getByRole('button', { name: QUOTE_TEXTS.close }));
    await waitFor(() => expect(screen.queryByTestId('invitation-modal')).toBeNull());
    await waitFor(() => expect(router.state.location.pathname).toBe('/gift/2002'));
    expect(calls.some((c) => c.path.startsWith('/api/buying/case/'))).toBe(false);
  }, 15_000);

  it('INVITE-06: a donor who declines sees the declined screen', async () => {
    const item = feedItem('case-donor-invitation', { caseType: 'BUYING', caseId: 2002 });
    const { calls } = server([item], {
      'GET /api/donor-evidence/buying/2002': () => json({ gifts: [] }),
      'POST /api/buying/2002/donor/invitation/respond': () =>
        json({ donorId: 5, status: 'DECLINED' }),
    });
    renderApp('/help');
    const dialog = await modal(QUOTE_TEXTS.donorTitle);
    await userEvent.click(dialog.getByRole('button', { name: QUOTE_TEXTS.decline }));
    expect(await modal(QUOTE_TEXTS.declined)).toBeTruthy();
    expect(writes(calls)).toEqual(['/api/buying/2002/donor/invitation/respond {"accepted":false}']);
  });

  it('INVITE-12: a donor invitation on a remortgage opens nothing', async () => {
    const { calls } = server([feedItem('case-donor-invitation')]);
    renderApp('/help');
    await screen.findByRole('heading', { level: 1, name: 'Help' });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/feed')).toBe(true));
    expect(screen.queryByTestId('invitation-modal')).toBeNull();
    expect(calls.some((c) => c.path.includes('/donor/'))).toBe(false);
  });

  it('NOTIF-04: the newest item opens first; the next opens in turn; a notification opens none', async () => {
    const invitation = feedItem('case-invitation', { caseType: 'BUYING', caseId: 2002 });
    const quoteItem = feedItem('case-quote');
    const note = feedItem('case-notification');
    server([note, quoteItem, invitation], {
      'POST /api/quote/77/accept': () => apiError(500),
    });
    renderApp('/help');
    const first = await modal(QUOTE_TEXTS.quoteTitle);
    await userEvent.click(first.getByRole('button', { name: QUOTE_TEXTS.acceptQuote }));
    await first.findByRole('alert');
    await userEvent.click(first.getByRole('button', { name: QUOTE_TEXTS.close }));
    expect(await modal(QUOTE_TEXTS.invitationTitle)).toBeTruthy();
  });

  it('the policy dialog comes first; the modal opens once the policies are agreed', async () => {
    const me = makeMe({ knockToken: TOKEN, privacyVersion: null, termsVersion: null });
    server([feedItem('case-quote')], { 'POST /api/auth/accept-policies': () => noContent() }, me);
    renderApp('/help');
    const policy = await modal('Sorry to interrupt you, but...');
    expect(screen.queryByTestId('invitation-modal')).toBeNull();
    await userEvent.click(policy.getByRole('button', { name: 'I agree' }));
    expect(await modal(QUOTE_TEXTS.quoteTitle)).toBeTruthy();
  });

  it('a broker with no invitation items sees no modal', async () => {
    const { calls } = server([], {}, makeMe({ role: 'ROLE_BROKER', knockToken: TOKEN }));
    renderApp('/help');
    await screen.findByRole('heading', { level: 1, name: 'Help' });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/feed')).toBe(true));
    expect(screen.queryByTestId('invitation-modal')).toBeNull();
  });
});
