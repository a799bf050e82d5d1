import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '../../components/GenericError';
import type { ExpandedCase, Me } from '../../lib/api/types';
import { expanded, overviews, REM_SECTIONS } from '../../test/cases';
import { apiError, json, noContent, type Handler } from '../../test/fetchMock';
import { makeMe, signedInServer } from '../../test/fixtures';
import { invitation, quote } from '../../test/invitations';
import { renderApp } from '../../test/renderApp';
import { BROKER_TEXTS } from './components/BrokerInvitations';
import { QUOTE_CHANGED_TEXTS, QUOTE_TEXTS, REPORT_TEXTS } from './texts';

const CUSTOMER = makeMe();
const BROKER = makeMe({ role: 'ROLE_BROKER' });

function withCase(patch: Partial<ExpandedCase>, view: Partial<ExpandedCase['view']> = {}) {
  const base = expanded('REMORTGAGING', REM_SECTIONS);
  return {
    ...base,
    caseAdmins: [{ userId: 'b-1', role: 'ROLE_BROKER' as const, preferredName: 'Bea Broker' }],
    broker: {
      preferredName: 'Bea Broker',
      firmName: 'Bright Mortgages Ltd',
      email: 'bea@bright.test',
      phoneNumber: null,
    },
    ...patch,
    view: { ...base.view, ...view },
  } as ExpandedCase;
}

function server(me: Me, theCase: ExpandedCase, extra: Record<string, Handler> = {}) {
  return signedInServer(me, {
    'GET /api/case-overviews': () => json(overviews(1)),
    'GET /api/remortgaging/cases/1001/expanded': () => json(theCase),
    'GET /api/remortgaging/1001/quote/latest': () => json(quote()),
    ...extra,
  });
}

const SEND = {
  name: 'send_to_customer',
  label: 'Send to customer',
  to: 'BROKER_APPLICATION_INVITE' as const,
  allowed: true,
  reason: null,
  requiresReason: false,
  stepUp: false,
  by: ['broker' as const],
};

describe('the Quote section page', () => {
  it('REM-APP-08 QUOTE-01 QUOTE-02: shows the quote and who prepared it; a customer accepts it and goes to the case', async () => {
    const { calls } = server(CUSTOMER, withCase({}), {
      'POST /api/quote/77/accept': () =>
        json({ caseId: 1001, caseType: 'REMORTGAGING', status: 'CUSTOMER_APPLICATION' }),
    });
    const { router } = renderApp('/remortgaging/1001/application/quote');
    const section = await screen.findByRole('region', { name: QUOTE_TEXTS.quoteTitle });
    expect(screen.getByRole('heading', { level: 1, name: 'Quote' })).toBeInTheDocument();
    expect(
      within(section).getByText('Prepared by Bea Broker, Bright Mortgages Ltd'),
    ).toBeInTheDocument();
    expect(within(section).getByRole('row', { name: 'Total £535.00' })).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: QUOTE_TEXTS.acceptQuote }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/remortgaging/1001'));
    const accept = calls.find((c) => c.path === '/api/quote/77/accept');
    expect(JSON.parse(accept?.body ?? '{}')).toEqual({ caseType: 'REMORTGAGING', caseId: 1001 });
  });

  it('moves between the sections like the others: Previous leads back to Key Facts', async () => {
    server(CUSTOMER, withCase({}));
    const { router } = renderApp('/remortgaging/1001/application/quote');
    const nav = await screen.findByRole('navigation', { name: 'Application sections' });
    // REM_SECTIONS: every section after the Quote is locked until the quote is accepted.
    expect(within(nav).queryByRole('link', { name: /^Next/ })).toBeNull();
    await userEvent.click(within(nav).getByRole('link', { name: 'Previous: Key Facts' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/remortgaging/1001/application/key-facts'),
    );
  });

  it('a broker goes on from the Quote to the next section', async () => {
    server(
      BROKER,
      withCase(
        {},
        {
          sections: expanded('REMORTGAGING', REM_SECTIONS).view.sections.map((s) =>
            s.key === 'property-details' ? { ...s, state: 'NOT_STARTED' as const } : s,
          ),
        },
      ),
    );
    renderApp('/remortgaging/1001/application/quote');
    const nav = await screen.findByRole('navigation', { name: 'Application sections' });
    expect(within(nav).getByRole('link', { name: 'Next: Property Details' })).toHaveAttribute(
      'href',
      '/remortgaging/1001/application/property-details',
    );
  });

  it('an accepted quote shows when, and offers no Accept', async () => {
    server(CUSTOMER, withCase({}), {
      'GET /api/remortgaging/1001/quote/latest': () =>
        json(quote({ acceptedAt: '2026-03-06T12:00:00Z' })),
    });
    renderApp('/remortgaging/1001/application/quote');
    expect(await screen.findByTestId('quote-accepted')).toHaveTextContent(
      'You accepted this quote on 06/03/2026.',
    );
    expect(screen.queryByRole('button', { name: QUOTE_TEXTS.acceptQuote })).toBeNull();
  });

  it('issue 28: a re-quote tells the customer it changed since they accepted it, with the figures', async () => {
    server(CUSTOMER, withCase({}), {
      'GET /api/remortgaging/1001/quote/latest': () =>
        json(
          quote({
            totalAmount: 61_000,
            previous: { acceptedAt: '2026-03-06T12:00:00Z', totalAmount: 53_500 },
          }),
        ),
    });
    renderApp('/remortgaging/1001/application/quote');
    const changed = await screen.findByTestId('quote-changed');
    expect(within(changed).getByRole('status')).toHaveTextContent(
      'Your quote has changed since you accepted it on 06/03/2026. Check the new figures and accept the quote again to carry on.',
    );
    const table = within(changed).getByRole('table', { name: QUOTE_CHANGED_TEXTS.caption });
    const total = within(table).getByRole('row', { name: /Total/ });
    expect(total).toHaveTextContent('Total£535.00£610.00');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual([QUOTE_CHANGED_TEXTS.figure, 'Was', 'Now']);
    // A remortgage has no land tax: no row for it.
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    // Above the figures, and the new quote can be accepted.
    expect(
      changed.compareDocumentPosition(screen.getByTestId('quote-details')) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: QUOTE_TEXTS.acceptQuote })).toBeInTheDocument();
  });

  it('issue 28: the broker is told their client has been asked to accept the new quote', async () => {
    server(BROKER, withCase({}), {
      'GET /api/remortgaging/1001/quote/latest': () =>
        json(
          quote({
            totalAmount: 61_000,
            previous: { acceptedAt: '2026-03-06T12:00:00Z', totalAmount: 53_500 },
          }),
        ),
    });
    renderApp('/remortgaging/1001/application/quote');
    const changed = await screen.findByTestId('quote-changed');
    expect(changed).toHaveTextContent(
      'The quote changed after your client accepted it on 06/03/2026; they have been asked to accept it again.',
    );
    expect(within(changed).getByRole('row', { name: /Total/ })).toHaveTextContent(
      'Total£535.00£610.00',
    );
  });

  it('a quote that is not a re-quote says nothing of a change', async () => {
    server(CUSTOMER, withCase({}));
    renderApp('/remortgaging/1001/application/quote');
    await screen.findByTestId('quote-details');
    expect(screen.queryByTestId('quote-changed')).toBeNull();
  });

  it('a broker reads the quote without Accept', async () => {
    server(BROKER, withCase({}));
    renderApp('/remortgaging/1001/application/quote');
    await screen.findByRole('region', { name: QUOTE_TEXTS.quoteTitle });
    expect(screen.queryByRole('button', { name: QUOTE_TEXTS.acceptQuote })).toBeNull();
    expect(screen.queryByRole('button', { name: QUOTE_TEXTS.reportIssue })).toBeNull();
  });

  it('QUOTE-05: the broker reads what customers reported about the quote', async () => {
    server(BROKER, withCase({}), {
      'GET /api/remortgaging/1001/quote/latest': () =>
        json(
          quote({
            reportedIssues: [
              {
                id: 5,
                reportedBy: 'Cara Client',
                message: 'The search fee\nlooks high',
                reportedAt: '2026-03-06T09:00:00Z',
              },
            ],
          }),
        ),
    });
    renderApp('/remortgaging/1001/application/quote');
    const issues = await screen.findByRole('region', { name: REPORT_TEXTS.reportedTitle });
    expect(within(issues).getByText('Cara Client, 06/03/2026')).toBeInTheDocument();
    expect(within(issues).getByText(/The search fee\s+looks high/)).toBeInTheDocument();
  });

  it('ERR-17: no quote says so', async () => {
    server(CUSTOMER, withCase({}), {
      'GET /api/remortgaging/1001/quote/latest': () => apiError(404),
    });
    renderApp('/remortgaging/1001/application/quote');
    expect(await screen.findByText(QUOTE_TEXTS.missing)).toBeInTheDocument();
  });

  it('spec §8: a failed accept shows the generic error component', async () => {
    server(CUSTOMER, withCase({}), { 'POST /api/quote/77/accept': () => apiError(409) });
    const { router } = renderApp('/remortgaging/1001/application/quote');
    await userEvent.click(await screen.findByRole('button', { name: QUOTE_TEXTS.acceptQuote }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_TEXTS.body);
    expect(router.state.location.pathname).toBe('/remortgaging/1001/application/quote');
  });
});

describe("the broker's case page", () => {
  it("QUOTE-12: 'Send quote' posts the case and toasts", async () => {
    const { calls } = server(BROKER, withCase({}, { transitions: [SEND] }), {
      'POST /api/quote/send': () =>
        json({ caseId: 1001, caseType: 'REMORTGAGING', status: 'BROKER_APPLICATION_INVITE' }),
    });
    renderApp('/remortgaging/1001');
    const panel = await screen.findByRole('region', { name: BROKER_TEXTS.heading });
    await userEvent.click(within(panel).getByRole('button', { name: BROKER_TEXTS.send }));
    expect(await screen.findByText(BROKER_TEXTS.sent)).toBeInTheDocument();
    const send = calls.find((c) => c.path === '/api/quote/send');
    expect(JSON.parse(send?.body ?? '{}')).toEqual({ caseType: 'REMORTGAGING', caseId: 1001 });
  });

  it('QUOTE-05: with a quote, the broker finds the quote (and reported issues) and the documents', async () => {
    server(BROKER, withCase({ quote: quote() }));
    renderApp('/remortgaging/1001');
    const panel = await screen.findByRole('region', { name: BROKER_TEXTS.heading });
    expect(within(panel).getByRole('link', { name: BROKER_TEXTS.quote })).toHaveAttribute(
      'href',
      '/remortgaging/1001/application/quote',
    );
    expect(within(panel).getByRole('link', { name: BROKER_TEXTS.documents })).toHaveAttribute(
      'href',
      '/documents/remortgaging/1001',
    );
  });

  it('a step the engine does not allow now is disabled, with its reason', async () => {
    const reason = 'Prepare the quote before sending the application to the customer.';
    server(BROKER, withCase({}, { transitions: [{ ...SEND, allowed: false, reason }] }));
    renderApp('/remortgaging/1001');
    const panel = await screen.findByRole('region', { name: BROKER_TEXTS.heading });
    const button = within(panel).getByRole('button', { name: BROKER_TEXTS.send });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(reason);
    expect(within(panel).getByText(reason)).toBeVisible();
  });

  it("the server's refusal is shown", async () => {
    server(BROKER, withCase({}, { transitions: [SEND] }), {
      'POST /api/quote/send': () => apiError(409, 'The quote was sent already.'),
    });
    renderApp('/remortgaging/1001');
    const panel = await screen.findByRole('region', { name: BROKER_TEXTS.heading });
    await userEvent.click(within(panel).getByRole('button', { name: BROKER_TEXTS.send }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'The quote was sent already.',
    );
  });

  it('QUOTE-12: each invitee with sent, opened and answered dates, and Resend', async () => {
    const { calls } = server(
      BROKER,
      withCase({
        invitations: [
          invitation({
            applicantId: 31,
            preferredName: 'Sam Smith',
            sendCount: 2,
            openedAt: '2026-03-06T10:00:00Z',
          }),
          invitation({
            applicantId: 32,
            preferredName: 'Ann Able',
            openedAt: '2026-03-06T10:00:00Z',
            respondedAt: '2026-03-07T10:00:00Z',
            accepted: true,
          }),
          invitation({
            applicantId: 33,
            preferredName: 'Dee Clined',
            respondedAt: '2026-03-08T10:00:00Z',
            accepted: false,
          }),
        ],
      }),
      { 'POST /api/quote/resend/31': () => noContent() },
    );
    renderApp('/remortgaging/1001');
    const list = await screen.findByRole('list', { name: BROKER_TEXTS.invitations });
    const [sam, ann, dee] = within(list).getAllByRole('listitem');
    expect(sam).toHaveTextContent('Sam Smith');
    expect(sam).toHaveTextContent(
      'Sent 05/03/2026 (2 times) · Opened 06/03/2026 · Waiting for an answer',
    );
    expect(ann).toHaveTextContent('Opened 06/03/2026 · Accepted 07/03/2026');
    expect(dee).toHaveTextContent('Not opened yet · Declined 08/03/2026');
    expect(within(ann).getByRole('button', { name: 'Resend to Ann Able' })).toBeDisabled();
    await userEvent.click(within(sam).getByRole('button', { name: 'Resend to Sam Smith' }));
    expect(await screen.findByText(BROKER_TEXTS.resent)).toBeInTheDocument();
    const resend = calls.find((c) => c.path === '/api/quote/resend/31');
    expect(resend?.method).toBe('POST');
    expect(JSON.parse(resend?.body ?? '{}')).toEqual({ caseType: 'REMORTGAGING', caseId: 1001 });
  });

  it('a customer sees no send or invitation panel', async () => {
    server(CUSTOMER, withCase({}));
    renderApp('/remortgaging/1001');
    await screen.findByRole('list', { name: 'Application sections' });
    expect(screen.queryByRole('region', { name: BROKER_TEXTS.heading })).toBeNull();
  });
});
