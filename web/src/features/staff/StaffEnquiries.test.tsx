import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/fetchMock';
import { renderApp } from '../../test/renderApp';
import { CONVEYANCER, staffPurchase, staffServer } from '../../test/staff';
import type { StaffCase, StaffEnquiry } from './types';

const mermaid = vi.hoisted(() => ({ initialize: vi.fn(), render: vi.fn() }));
vi.mock('mermaid', () => ({ default: mermaid }));

const CASE_PATH = '/api/staff/cases/buying/2002';
const ENQUIRIES = `${CASE_PATH}/enquiries`;

beforeEach(() => {
  mermaid.render.mockResolvedValue({ svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' });
});

function enquiry(id: number, patch: Partial<StaffEnquiry> = {}): StaffEnquiry {
  return {
    id,
    followUpOf: null,
    question: `Question ${id}`,
    raisedAt: '2026-12-01T10:00:00Z',
    raisedByName: 'Connie Conveyancer',
    answer: null,
    answeredAt: null,
    answeredByName: null,
    outcome: null,
    withdrawalReason: null,
    ...patch,
  };
}

const FOLLOWED_UP = enquiry(1, {
  question: 'Was the boiler serviced?',
  answer: 'Awaiting instructions.',
  answeredAt: '2026-12-02T10:00:00Z',
  answeredByName: 'Connie Conveyancer',
  outcome: 'FOLLOWED_UP',
});
const FOLLOW_UP = enquiry(2, { followUpOf: 1, question: 'When was it last serviced?' });

/** A purchase in its contract pack's review with these enquiries; POSTs answer `answers`. */
function server(enquiries: StaffEnquiry[], mayWorkEnquiries = true, answers: Response[] = []) {
  const current: StaffCase = {
    ...staffPurchase('CONTRACT_PACK_REVIEW', 'Contract Pack Review'),
    enquiries,
    mayWorkEnquiries,
  };
  const answer = () => answers.shift() ?? json({ enquiries });
  const result = staffServer(CONVEYANCER, {
    [`GET ${CASE_PATH}`]: () => json(current),
    [`POST ${ENQUIRIES}`]: answer,
    [`POST ${ENQUIRIES}/2/answer`]: answer,
    [`POST ${ENQUIRIES}/2/withdraw`]: answer,
  });
  const posts = () => result.calls.filter((c) => c.method === 'POST');
  return { ...result, posts };
}

async function openEnquiries() {
  renderApp('/staff/cases/buying/2002');
  return within(await screen.findByRole('region', { name: 'Enquiries' }));
}

describe("the back office's enquiries (issue 29)", () => {
  it('numbers each enquiry, shows its reply and outcome, and the follow-up it led to', async () => {
    server([FOLLOWED_UP, FOLLOW_UP]);
    const panel = await openEnquiries();
    expect(panel.getByText('2 raised, 1 open')).toBeInTheDocument();
    const items = panel.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Enquiry 1');
    expect(items[0]).toHaveTextContent('Followed up');
    expect(items[0]).toHaveTextContent('Awaiting instructions.');
    expect(items[0]).toHaveTextContent('Reply recorded 02/12/2026');
    expect(items[1]).toHaveTextContent('Follow-up to enquiry 1');
    expect(items[1]).toHaveTextContent('Open');
    // Only the open one may be answered or withdrawn.
    expect(panel.getAllByRole('button', { name: 'Record reply' })).toHaveLength(1);
    expect(panel.getAllByRole('button', { name: 'Withdraw' })).toHaveLength(1);
  });

  it('offers no step where the workflow does not let this staff member', async () => {
    server([FOLLOWED_UP], false);
    const panel = await openEnquiries();
    expect(panel.queryByRole('button', { name: 'Raise an enquiry' })).toBeNull();
    expect(panel.queryByRole('button', { name: 'Record reply' })).toBeNull();
  });

  it('raises an enquiry, checked before sending and refused on its field', async () => {
    const s = server([], true, [
      json(
        {
          error: {
            code: 'invalid_fields',
            message: 'Some fields are not valid.',
            fields: { question: 'must be at most 2000 characters' },
          },
        },
        422,
      ),
    ]);
    const panel = await openEnquiries();
    expect(panel.getByText('No enquiries raised yet.')).toBeInTheDocument();
    await userEvent.click(panel.getByRole('button', { name: 'Raise an enquiry' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Raise an enquiry' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Raise an enquiry' }));
    expect(await dialog.findByText('Enter the enquiry')).toBeInTheDocument();
    expect(s.posts()).toHaveLength(0);
    await userEvent.type(dialog.getByRole('textbox', { name: 'Enquiry' }), 'Any disputes?');
    await userEvent.click(dialog.getByRole('button', { name: 'Raise an enquiry' }));
    expect(await dialog.findByText('must be at most 2000 characters')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Raise an enquiry' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Raise an enquiry' })).toBeNull(),
    );
    expect(await screen.findByText('Enquiry raised')).toBeInTheDocument();
    expect(s.posts().map((c) => JSON.parse(c.body!))).toEqual([
      { question: 'Any disputes?' },
      { question: 'Any disputes?' },
    ]);
  });

  it('records a reply that does not answer with the follow-up raised in its place', async () => {
    const s = server([FOLLOWED_UP, FOLLOW_UP]);
    const panel = await openEnquiries();
    await userEvent.click(panel.getByRole('button', { name: 'Record reply' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Record the reply to enquiry 2' }),
    );
    await userEvent.type(dialog.getByRole('textbox', { name: 'Reply' }), 'In 2019.');
    await userEvent.click(dialog.getByRole('checkbox', { name: /The reply does not answer it/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Record reply' }));
    expect(await dialog.findByText('Enter the follow-up enquiry')).toBeInTheDocument();
    await userEvent.type(
      dialog.getByRole('textbox', { name: 'Follow-up enquiry' }),
      'Please supply the certificate.',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Record reply' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Record the reply to enquiry 2' })).toBeNull(),
    );
    expect(s.posts().map((c) => [c.path, JSON.parse(c.body!)])).toEqual([
      [`${ENQUIRIES}/2/answer`, { answer: 'In 2019.', followUp: 'Please supply the certificate.' }],
    ]);
  });

  it('withdraws an enquiry only with a reason', async () => {
    const s = server([FOLLOW_UP]);
    const panel = await openEnquiries();
    await userEvent.click(panel.getByRole('button', { name: 'Withdraw' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Withdraw enquiry 1' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Withdraw' }));
    expect(await dialog.findByText('Enter why it is withdrawn')).toBeInTheDocument();
    await userEvent.type(dialog.getByRole('textbox', { name: 'Reason' }), 'Raised in error');
    await userEvent.click(dialog.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Withdraw enquiry 1' })).toBeNull(),
    );
    expect(JSON.parse(s.posts()[0].body!)).toEqual({ reason: 'Raised in error' });
  });
});
