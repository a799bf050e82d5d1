import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../../lib/api/client';
import { createQueryClient } from '../../../lib/queryClient';
import { apiError, json, mockFetch } from '../../../test/fetchMock';
import { TEST_API } from '../../../test/renderApp';
import type { Ledger } from '../api/ledger';
import { LedgerPanel } from './LedgerPanel';

const PATH = '/api/staff/cases/remortgaging/7';

const LEDGER: Ledger = {
  entries: [
    {
      id: 1,
      direction: 'RECEIVED',
      kind: 'CLIENT_FUNDS',
      amountPence: 50_000,
      counterparty: 'Cara',
      reference: 'CARA-1',
      entryDate: '2026-11-20',
      recordedAt: '2026-11-20T10:00:00Z',
    },
  ],
  upFrontPayment: null,
  charges: [{ loanId: 11, chargeType: 'MORTGAGE', lender: 'Barclays', redemptionStatement: null }],
  receivedPence: 50_000,
  paidPence: 0,
  clientBalancePence: 50_000,
  statement: null,
  statementMissing: {
    'redemptionStatements.11': "Record Barclays's redemption statement for this charge",
  },
  // The server's kinds (a few of them), each with the one way it moves money.
  kinds: [
    { kind: 'CLIENT_FUNDS', direction: 'RECEIVED' },
    { kind: 'FIRM_BILL', direction: 'PAID' },
    { kind: 'OTHER', direction: null },
  ],
};

function renderPanel() {
  configureApi(TEST_API);
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  return render(
    <QueryClientProvider client={client}>
      <LedgerPanel kind="remortgaging" caseId="7" />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('LedgerPanel — the client ledger on the staff case page (issue 28, item 1)', () => {
  it('lists the entries and the balance held, and says what the statement lacks', async () => {
    mockFetch({ [`GET ${PATH}/ledger`]: () => json(LEDGER) });
    renderPanel();
    const table = await screen.findByRole('table', { name: 'Client ledger' });
    expect(within(table).getByText('Funds from the client')).toBeInTheDocument();
    expect(within(table).getByText('£500.00')).toBeInTheDocument();
    expect(screen.getByTestId('client-balance')).toHaveTextContent('Held for the client: £500.00');
    expect(screen.getByTestId('statement-missing')).toHaveTextContent(
      "Record Barclays's redemption statement for this charge",
    );
  });

  it('records money in pence and shows the server’s refusal on its field', async () => {
    const { calls } = mockFetch({
      [`GET ${PATH}/ledger`]: () => json(LEDGER),
      [`POST ${PATH}/ledger`]: () =>
        apiError(422, 'Invalid input', { counterparty: 'is required' }),
    });
    renderPanel();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Record money received or paid' }),
    );
    const form = screen.getByRole('form', { name: 'Record money' });
    await userEvent.type(within(form).getByLabelText(/Amount/), 'lots');
    await userEvent.click(within(form).getByRole('button', { name: 'Record' }));
    expect(
      within(form).getByText('Enter an amount in pounds, such as 250 or 250.50'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.clear(within(form).getByLabelText(/Amount/));
    await userEvent.type(within(form).getByLabelText(/Amount/), '1,250.50');
    await userEvent.click(within(form).getByRole('button', { name: 'Record' }));
    expect(await within(form).findByText('is required')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(JSON.parse(String(post?.body))).toMatchObject({
      direction: 'RECEIVED',
      kind: 'CLIENT_FUNDS',
      amountPence: 125_050,
    });
  });

  it('offers the server’s kinds, asking the direction only of one that moves money either way', async () => {
    const { calls } = mockFetch({
      [`GET ${PATH}/ledger`]: () => json(LEDGER),
      [`POST ${PATH}/ledger`]: () => json(LEDGER),
    });
    renderPanel();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Record money received or paid' }),
    );
    const form = screen.getByRole('form', { name: 'Record money' });
    expect(within(form).queryByRole('combobox', { name: /Direction/ })).toBeNull();
    await userEvent.click(within(form).getByRole('combobox', { name: /Kind/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Funds from the client',
      "The firm's bill",
      'Other',
    ]);
    await userEvent.click(screen.getByRole('option', { name: "The firm's bill" }));
    expect(within(form).getByLabelText(/Paid to/)).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('combobox', { name: /Kind/ }));
    await userEvent.click(screen.getByRole('option', { name: 'Other' }));
    await userEvent.click(within(form).getByRole('combobox', { name: /Direction/ }));
    await userEvent.click(screen.getByRole('option', { name: 'Received' }));
    await userEvent.type(within(form).getByLabelText(/Amount/), '10');
    await userEvent.type(within(form).getByLabelText(/Received from/), 'Bank interest');
    await userEvent.click(within(form).getByRole('button', { name: 'Record' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST');
    expect(JSON.parse(String(post?.body))).toMatchObject({
      direction: 'RECEIVED',
      kind: 'OTHER',
      amountPence: 1_000,
    });
  });

  it('shows the statement and records a charge’s redemption figure', async () => {
    const balanced: Ledger = {
      ...LEDGER,
      statement: {
        lines: [
          { label: 'Advance from Halifax', amountPence: 20_000_000 },
          { label: 'Redemption of the loan from Barclays', amountPence: -15_026_000 },
        ],
        received: [],
        balancePence: 4_974_000,
        dueBy: null,
      },
      statementMissing: {},
    };
    const { calls } = mockFetch({
      [`GET ${PATH}/ledger`]: () => json(LEDGER),
      [`POST ${PATH}/redemption-statements`]: () => json(balanced),
    });
    renderPanel();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Redemption figure: Barclays' }),
    );
    const form = screen.getByRole('form', { name: 'Redemption statement from Barclays' });
    await userEvent.type(within(form).getByLabelText(/Redemption figure/), '150000');
    await userEvent.type(within(form).getByLabelText(/Daily interest/), '20');
    await userEvent.click(within(form).getByRole('button', { name: 'Record the figure' }));
    expect(await screen.findByTestId('statement')).toHaveTextContent(
      'Due to the client: £49,740.00',
    );
    const post = calls.find((c) => c.method === 'POST');
    expect(JSON.parse(String(post?.body))).toMatchObject({
      loanId: 11,
      amountPence: 15_000_000,
      dailyInterestPence: 2_000,
    });
  });
});
