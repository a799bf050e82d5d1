import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BuyingExpanded } from '../../lib/api/types';
import { bodyOf, buyCase, buyingServer } from '../../test/application';
import { source } from '../../test/cases';
import { apiError, json, noContent, type Handler } from '../../test/fetchMock';
import { makeMe } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { stubViewport } from '../../test/viewport';
import { SOURCE_OF_FUNDS_TEXTS as T } from './texts';

/** Issue 33: a purchase's source-of-funds page, behind the SOF feature. */

const WITH_SOF = makeMe({ enabledFeatures: ['BUYING', 'SOF'] });
const WITHOUT_SOF = makeMe({ enabledFeatures: ['BUYING'] });
const PAGE = '/buying/1001/source-of-funds';
const DETAILS = '/api/buying/1001/sources-of-funds/1/details';

const SLOTS: BuyingExpanded['requiredDocuments'] = {
  documents: [{ id: 40, documentType: 'MORTGAGE_IN_PRINCIPLE', documentId: 77 }],
  sourceOfFundsDocuments: [
    { id: 41, documentType: 'SAVINGS_STATEMENT', documentId: null },
    { id: 42, documentType: 'GIFT_STATEMENT', documentId: 78 },
  ],
  isaDocuments: [],
  buyToLetDocuments: [],
  statements: [{ id: 43, documentType: 'BANK_STATEMENT', documentId: null }],
};

const SAVINGS = source(1, 'SAVINGS', { amount: 2_000_000 });

function purchase(sources = [SAVINGS]): BuyingExpanded {
  return buyCase({ sourceOfFunds: sources, requiredDocuments: SLOTS });
}

function serve(sources = [SAVINGS], me = WITH_SOF, routes: Record<string, Handler> = {}) {
  return buyingServer(() => purchase(sources), routes, me);
}

/** The card of the source whose title is `title`. */
async function card(title: string) {
  const heading = await screen.findByRole('heading', { level: 2, name: title });
  return within(heading.closest('li[data-source]') as HTMLElement);
}

const field = (name: string) => screen.getByRole('textbox', { name });

afterEach(() => vi.unstubAllGlobals());

describe('the source-of-funds page (issue 33)', () => {
  it('FLAG-02: with SOF the buying case page leads to the page, which lists each source with its state', async () => {
    serve([
      SAVINGS,
      source(2, 'GIFTS', { state: 'EVIDENCE_NEEDED' }),
      source(3, 'MORTGAGE', { state: 'READY_FOR_REVIEW' }),
    ]);
    renderApp('/buying/1001');
    const link = await screen.findByRole('link', { name: T.title });
    expect(link).toHaveAttribute('href', PAGE);
    expect(link).toHaveAccessibleDescription(T.entryLine);

    await userEvent.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: T.title })).toBeVisible();
    expect(screen.getByText(T.intro)).toBeVisible();
    const states = within(screen.getByRole('list', { name: T.sources }))
      .getAllByRole('heading', { level: 2 })
      .map((h) => [h.textContent, h.closest('li')?.getAttribute('data-state')]);
    expect(states).toEqual([
      ['Savings', 'DETAILS_NEEDED'],
      ['A gift from family or friends', 'EVIDENCE_NEEDED'],
      ['A mortgage', 'READY_FOR_REVIEW'],
    ]);
    const savings = await card('Savings');
    expect(savings.getByText('Amount: £20,000.00')).toBeVisible();
    expect(savings.getByText('Tell us about it')).toBeVisible();
    expect(
      (await card('A gift from family or friends')).getByText('Evidence needed'),
    ).toBeVisible();
    const mortgage = await card('A mortgage');
    expect(mortgage.getByText('With us to review')).toBeVisible();
    // A mortgage asks no questions: its evidence is the mortgage in principle.
    expect(mortgage.queryByRole('textbox')).toBeNull();
    expect(mortgage.getByRole('heading', { name: 'Mortgage in principle' })).toBeVisible();
    // The savings' evidence slot, still to upload.
    expect(savings.getByRole('button', { name: 'Upload Savings statement' })).toBeVisible();
  });

  it('FLAG-02: the entry shows only once the purchase lists a source', async () => {
    serve([]);
    renderApp('/buying/1001');
    expect(await screen.findByRole('heading', { level: 1 })).toBeVisible();
    expect(screen.queryByTestId('source-of-funds-entry')).toBeNull();
  });

  it('FLAG-02: saving the answers sends the PUT with them, at 375px wide', async () => {
    stubViewport(375);
    const { calls } = serve([SAVINGS], WITH_SOF, { [`PUT ${DETAILS}`]: () => noContent() });
    renderApp(PAGE);
    const savings = await card('Savings');
    expect(savings.getByText(T.originHint)).toBeVisible();
    await userEvent.click(savings.getByRole('button', { name: T.save }));
    // Nothing is sent until every question is answered.
    expect(await savings.findAllByText(T.required)).toHaveLength(3);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.type(field(T.origin), ' Saved from my salary as a teacher ');
    await userEvent.type(field(T.builtUpOver), 'About 4 years');
    await userEvent.type(field(T.accountHolder), 'Ann Buyer');
    await userEvent.click(savings.getByRole('button', { name: T.save }));
    expect(await savings.findByText(T.saved)).toBeVisible();
    expect(bodyOf(calls, 'PUT', DETAILS)).toEqual({
      origin: 'Saved from my salary as a teacher',
      builtUpOver: 'About 4 years',
      accountHolder: 'Ann Buyer',
    });
    // The case is read again for the source's new state.
    const gets = calls.filter((c) => c.path === '/api/buying/case/1001/expanded');
    await waitFor(() => expect(gets.length).toBeGreaterThan(0));
  });

  it('FLAG-02: the answers given are shown to change; a 422 shows under its field, a 409 above Save', async () => {
    const answers = [
      apiError(422, 'Some fields are not valid.', {
        builtUpOver: 'must be at most 500 characters',
      }),
      apiError(409, 'The firm has accepted this source already.'),
    ];
    const details = {
      origin: 'An inheritance from my aunt',
      builtUpOver: 'Paid in 2025',
      accountHolder: 'Ann Buyer',
      describedAt: '2026-12-01T10:00:00Z',
    };
    serve([source(1, 'SAVINGS', { details, state: 'EVIDENCE_NEEDED' })], WITH_SOF, {
      [`PUT ${DETAILS}`]: () => answers.shift() ?? noContent(),
    });
    renderApp(PAGE);
    const savings = await card('Savings');
    expect(field(T.origin)).toHaveValue('An inheritance from my aunt');
    expect(field(T.builtUpOver)).toHaveValue('Paid in 2025');
    expect(field(T.accountHolder)).toHaveValue('Ann Buyer');

    await userEvent.click(savings.getByRole('button', { name: T.save }));
    expect(await savings.findByText('must be at most 500 characters')).toBeVisible();
    expect(field(T.builtUpOver)).toHaveAccessibleDescription('must be at most 500 characters');
    expect(field(T.builtUpOver)).toHaveAttribute('aria-invalid', 'true');

    await userEvent.click(savings.getByRole('button', { name: T.save }));
    expect(await savings.findByRole('alert')).toHaveTextContent(
      'The firm has accepted this source already.',
    );
  });

  it("FLAG-02: MORE_NEEDED shows the firm's reason; ACCEPTED shows the answers and no form", async () => {
    const details = {
      origin: 'Saved from my salary',
      builtUpOver: 'About 4 years',
      accountHolder: 'Ann Buyer',
      describedAt: '2026-12-01T10:00:00Z',
    };
    serve([
      source(1, 'SAVINGS', {
        details,
        state: 'MORE_NEEDED',
        review: {
          outcome: 'MORE_NEEDED',
          reason: 'Statements for the last 12 months, please.',
          reviewedAt: '2026-12-02T10:00:00Z',
        },
      }),
      source(2, 'GIFTS', {
        details: { ...details, origin: 'A gift from my parents' },
        state: 'ACCEPTED',
        review: { outcome: 'ACCEPTED', reason: null, reviewedAt: '2026-12-02T10:00:00Z' },
      }),
    ]);
    renderApp(PAGE);
    const savings = await card('Savings');
    expect(savings.getByText('We need more')).toBeVisible();
    expect(
      savings.getByText('What we need: Statements for the last 12 months, please.'),
    ).toBeVisible();
    expect(savings.getByRole('textbox', { name: T.origin })).toHaveValue('Saved from my salary');

    const gift = await card('A gift from family or friends');
    expect(gift.getByText('Accepted')).toBeVisible();
    expect(gift.queryByRole('textbox')).toBeNull();
    expect(gift.queryByRole('button')).toBeNull();
    expect(gift.queryByText(/What we need/)).toBeNull();
    expect(gift.getByText(T.origin).nextSibling).toHaveTextContent('A gift from my parents');
    expect(gift.getByText('Evidence').nextSibling).toHaveTextContent('Gift statement: Uploaded');
  });

  it('shows no evidence where the case asks for none', async () => {
    // No slot of its type (SOURCE_OF_FUNDS_EVIDENCE) among the required documents.
    serve([source(1, 'OTHER')]);
    renderApp(PAGE);
    const other = await card('Something else');
    expect(other.getByRole('textbox', { name: T.origin })).toBeVisible();
    expect(other.queryByText(T.evidence)).toBeNull();
    expect(other.queryByRole('button', { name: /Upload/ })).toBeNull();
  });

  it('FLAG-02: where the firm offers open banking, the buyer connects their bank instead of uploading', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const CONNECT = '/api/buying/1001/sources-of-funds/1/open-banking';
    const authUrl = 'https://auth.truelayer.test/?state=abc';
    const { calls } = serve([{ ...SAVINGS, openBanking: true }, source(2, 'GIFTS')], WITH_SOF, {
      [`POST ${CONNECT}`]: () => json({ authUrl }),
    });
    renderApp(PAGE);
    const savings = await card('Savings');
    // Uploading stays possible; the bank is the other way.
    expect(savings.getByRole('button', { name: 'Upload Savings statement' })).toBeVisible();
    const connect = savings.getByRole('button', { name: T.connectBank });
    expect(connect).toHaveAccessibleDescription(T.connectBankHint);
    // Only a source whose evidence the bank can give.
    expect(
      (await card('A gift from family or friends')).queryByRole('button', { name: T.connectBank }),
    ).toBeNull();
    await userEvent.click(connect);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(authUrl));
    expect(calls.some((c) => c.method === 'POST' && c.path === CONNECT)).toBe(true);
  });

  it('FLAG-02: back from the bank, the page says whether the statements came', async () => {
    serve([SAVINGS]);
    renderApp(`${PAGE}?openBanking=connected`);
    expect(await screen.findByText(T.bankConnected)).toBeVisible();
    expect(screen.queryByText(T.bankFailed)).toBeNull();
  });

  it('FLAG-02: a failed connection says to try again or upload', async () => {
    serve([SAVINGS]);
    renderApp(`${PAGE}?openBanking=failed`);
    expect(await screen.findByText(T.bankFailed)).toBeVisible();
  });

  it('a remortgage has no source-of-funds page, SOF or not', async () => {
    serve([SAVINGS]);
    renderApp('/remortgaging/1001/source-of-funds');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not found' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: T.title })).toBeNull();
  });
});

describe('without the SOF feature', () => {
  it('FLAG-03: the buying case page has no entry, and the page redirects to the case', async () => {
    serve([SAVINGS], WITHOUT_SOF);
    const { router } = renderApp(PAGE);
    await waitFor(() => expect(router.state.location.pathname).toBe('/buying/1001'));
    expect(await screen.findByRole('heading', { level: 1 })).toBeVisible();
    expect(screen.queryByRole('heading', { name: T.title })).toBeNull();
    expect(screen.queryByRole('link', { name: T.title })).toBeNull();
    expect(screen.queryByText(T.entryLine)).toBeNull();
  });
});
