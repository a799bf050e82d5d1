import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { source } from '../../test/cases';
import { apiError, json, noContent } from '../../test/fetchMock';
import { renderApp } from '../../test/renderApp';
import { CONVEYANCER, staffPurchase, staffServer } from '../../test/staff';
import type { StaffCase } from './types';

/** Issue 33 (SOF feature): the firm's review of a purchase's sources of funds. */

const mermaid = vi.hoisted(() => ({ initialize: vi.fn(), render: vi.fn() }));
vi.mock('mermaid', () => ({ default: mermaid }));

const CASE_PATH = '/api/staff/cases/buying/2002';
const ASK = 'Ask for more about A gift from family or friends';
const review = (sourceId: number) => `${CASE_PATH}/sources-of-funds/${sourceId}/review`;

beforeEach(() => {
  mermaid.render.mockResolvedValue({ svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' });
});

const DETAILS = {
  origin: 'Saved from my salary as a teacher',
  builtUpOver: 'About 4 years',
  accountHolder: 'Sam Smith',
  describedAt: '2026-12-01T10:00:00Z',
};

const SOURCES = [
  source(1, 'SAVINGS', { amount: 2_000_000, details: DETAILS, state: 'READY_FOR_REVIEW' }),
  source(2, 'GIFTS', {
    state: 'MORE_NEEDED',
    review: {
      outcome: 'MORE_NEEDED',
      reason: 'The donor’s statements, please.',
      reviewedAt: '2026-12-02T10:00:00Z',
    },
  }),
  source(3, 'MORTGAGE', { state: 'ACCEPTED' }),
];

function server(mayReview = true, answers: Response[] = []) {
  const current: StaffCase = {
    ...staffPurchase('IDENTITY_VERIFICATION', 'Identity Verification', {
      sourceOfFunds: SOURCES,
      requiredDocuments: {
        documents: [{ id: 40, documentType: 'MORTGAGE_IN_PRINCIPLE', documentId: 77 }],
        sourceOfFundsDocuments: [
          { id: 41, documentType: 'SAVINGS_STATEMENT', documentId: 78 },
          { id: 42, documentType: 'GIFT_STATEMENT', documentId: null },
        ],
        isaDocuments: [],
        buyToLetDocuments: [],
        statements: [],
      },
    }),
    mayReviewSourcesOfFunds: mayReview,
  };
  const answer = () => answers.shift() ?? noContent();
  return staffServer(CONVEYANCER, {
    [`GET ${CASE_PATH}`]: () => json(current),
    [`POST ${review(1)}`]: answer,
    [`POST ${review(2)}`]: answer,
  });
}

async function openPanel() {
  renderApp('/staff/cases/buying/2002');
  return within(await screen.findByRole('region', { name: 'Sources of funds' }));
}

/** The row of the source named `title`. */
function row(panel: ReturnType<typeof within>, title: string) {
  const heading = panel.getByRole('heading', { name: title });
  return within(heading.closest('li') as HTMLElement);
}

const posts = (calls: { method: string; path: string; body: string | null }[], id: number) =>
  calls.filter((c) => c.method === 'POST' && c.path === review(id)).map((c) => JSON.parse(c.body!));

describe("the back office's sources of funds (issue 33)", () => {
  it("lists each source with its state, the buyer's answers and the evidence", async () => {
    server();
    const panel = await openPanel();
    const savings = row(panel, 'Savings');
    expect(savings.getByText('Ready to review')).toBeVisible();
    expect(savings.getByText('£20,000.00')).toBeVisible();
    expect(savings.getByText('Where the money came from').nextSibling).toHaveTextContent(
      'Saved from my salary as a teacher',
    );
    expect(savings.getByText('Built up over').nextSibling).toHaveTextContent('About 4 years');
    expect(savings.getByText('Account in the name of').nextSibling).toHaveTextContent('Sam Smith');
    expect(savings.getByRole('link', { name: 'Download Savings statement' })).toHaveAttribute(
      'href',
      expect.stringContaining('/document/78'),
    );

    const gift = row(panel, 'A gift from family or friends');
    expect(gift.getByText('More asked for')).toBeVisible();
    expect(gift.getByText('Where the money came from').nextSibling).toHaveTextContent(
      'Not given yet',
    );
    expect(gift.getByText('Gift statement: not uploaded yet')).toBeVisible();
    expect(gift.getByText('Asked for: The donor’s statements, please.')).toBeVisible();

    // A mortgage asks no questions; an accepted source offers no review.
    const mortgage = row(panel, 'A mortgage');
    expect(mortgage.getByText('Accepted')).toBeVisible();
    expect(mortgage.queryByText('Where the money came from')).toBeNull();
    expect(mortgage.queryByRole('button', { name: /Accept|Ask for more/ })).toBeNull();
  });

  it('Accept sends {outcome: ACCEPTED}; a refusal is shown', async () => {
    const s = server(true, [apiError(409, 'This source has changed since; reload the case.')]);
    const panel = await openPanel();
    const savings = row(panel, 'Savings');
    await userEvent.click(savings.getByRole('button', { name: 'Accept Savings' }));
    expect(await savings.findByRole('alert')).toHaveTextContent(
      'This source has changed since; reload the case.',
    );
    await userEvent.click(savings.getByRole('button', { name: 'Accept Savings' }));
    expect(await screen.findByText('Source accepted')).toBeInTheDocument();
    expect(posts(s.calls, 1)).toEqual([{ outcome: 'ACCEPTED' }, { outcome: 'ACCEPTED' }]);
  });

  it('Ask for more needs a reason and sends it; a 422 shows on the field', async () => {
    const s = server(true, [
      apiError(422, 'Some fields are not valid.', { reason: 'must be at most 1000 characters' }),
    ]);
    const panel = await openPanel();
    const gift = row(panel, 'A gift from family or friends');
    await userEvent.click(gift.getByRole('button', { name: ASK }));
    const dialog = within(await screen.findByRole('dialog', { name: ASK }));
    await userEvent.click(dialog.getByRole('button', { name: 'Send' }));
    expect(await dialog.findByText('Say what you need from the buyer')).toBeVisible();
    expect(posts(s.calls, 2)).toHaveLength(0);

    await userEvent.type(
      dialog.getByRole('textbox', { name: 'What do you need?' }),
      ' Six months of the donor’s bank statements. ',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Send' }));
    expect(await dialog.findByText('must be at most 1000 characters')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: ASK })).toBeNull());
    expect(await screen.findByText('Asked the buyer for more')).toBeInTheDocument();
    expect(posts(s.calls, 2)).toEqual([
      { outcome: 'MORE_NEEDED', reason: 'Six months of the donor’s bank statements.' },
      { outcome: 'MORE_NEEDED', reason: 'Six months of the donor’s bank statements.' },
    ]);
  });

  it('offers no review where the workflow does not let this staff member', async () => {
    server(false);
    const panel = await openPanel();
    expect(panel.getByText('Ready to review')).toBeVisible();
    expect(panel.queryByRole('button', { name: /^Accept/ })).toBeNull();
    expect(panel.queryByRole('button', { name: /^Ask for more/ })).toBeNull();
  });
});
