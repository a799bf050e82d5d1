import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fetchMock';
import { renderApp } from '../../test/renderApp';
import { CONVEYANCER, MEMBERS, queueItem, staffServer } from '../../test/staff';
import { parseQueueSearch, queueRequest, withQueueFilter } from './search';

type Calls = ReturnType<typeof staffServer>['calls'];

/** The query strings GET /staff/cases was sent, oldest first. */
function queueRequests(calls: Calls) {
  return calls
    .filter((c) => c.method === 'GET' && c.path === '/api/staff/cases')
    .map((c) => new URL(c.request.url).searchParams);
}

const lastRequest = (calls: Calls) => {
  const all = queueRequests(calls);
  return all[all.length - 1];
};

async function openQueue(path = '/staff', items = [queueItem()], totalCount = items.length) {
  const server = staffServer(CONVEYANCER, {
    'GET /api/staff/cases': () => json({ items, totalCount }),
  });
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Work queue' });
  await screen.findByRole('status');
  return { ...server, ...app };
}

describe('the work queue', () => {
  it('asks for remortgaging cases, longest waiting first, 25 a page, and shows each row', async () => {
    const { calls } = await openQueue('/staff', [
      queueItem({ nextTaskDueOn: '2026-12-15', nextTaskOverdue: true }),
      queueItem({
        id: 1002,
        address: null,
        names: [],
        brokerReference: null,
        waitsOn: 'customer',
        assignee: MEMBERS[1],
        dueDate: null,
        dueLabel: null,
        chip: { colour: 'RED', label: 'Action needed', showWarningIcon: true },
      }),
    ]);
    const params = lastRequest(calls);
    expect(Object.fromEntries(params)).toEqual({
      caseType: 'REMORTGAGING',
      sortBy: 'UPDATED_AT',
      sortDirection: 'ASC',
      page: '0',
      pageSize: '25',
    });
    const table = screen.getByRole('table', { name: 'Remortgaging cases' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const first = within(rows[1]);
    expect(first.getByRole('link', { name: '1 High Street, Canterbury, CT1 1AA' })).toHaveAttribute(
      'href',
      '/staff/cases/remortgaging/1001',
    );
    expect(first.getByText('Sam Smith, Pat Smith')).toBeInTheDocument();
    expect(first.getByText('Ref 1001 · BR-1234')).toBeInTheDocument();
    expect(first.getByText('Identity Verification')).toBeInTheDocument();
    expect(first.getByText('Us')).toBeInTheDocument();
    expect(first.getByText('3 days ago')).toBeInTheDocument();
    expect(first.getByText('01/04/2026')).toBeInTheDocument();
    expect(first.getByText('Identity checks due')).toBeInTheDocument();
    // Issue 29: the next legal-file task's due date, marked once it has passed.
    expect(first.getByText('15/12/2026')).toBeInTheDocument();
    expect(first.getByText('Overdue')).toBeInTheDocument();
    expect(first.getByText('Unassigned')).toBeInTheDocument();
    const second = within(rows[2]);
    expect(second.getByRole('link', { name: 'Case 1002' })).toBeInTheDocument();
    expect(second.getByText('Customer')).toBeInTheDocument();
    expect(second.getByText('Adam Admin')).toBeInTheDocument();
    expect(second.getAllByText('None')).toHaveLength(2);
    expect(second.queryByText('Overdue')).toBeNull();
    expect(second.getByTestId('status-warning')).toBeInTheDocument();
  });

  it('the Buying tab goes to the URL and the request, and drops the other type’s statuses', async () => {
    const { calls, router } = await openQueue('/staff?status=IDENTITY_VERIFICATION');
    expect(lastRequest(calls).getAll('status')).toEqual(['IDENTITY_VERIFICATION']);
    await userEvent.click(screen.getByRole('tab', { name: 'Buying' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ caseType: 'BUYING' }));
    await waitFor(() => expect(lastRequest(calls).get('caseType')).toBe('BUYING'));
    expect(lastRequest(calls).getAll('status')).toEqual([]);
    expect(screen.getByRole('tab', { name: 'Buying' })).toHaveAttribute('aria-selected', 'true');
    await screen.findByRole('table', { name: 'Buying cases' });
  });

  it('statuses (the type’s own) go to the URL and are repeated in the request', async () => {
    const { calls, router } = await openQueue();
    await userEvent.click(screen.getByRole('button', { name: 'Status' }));
    const menu = screen.getByRole('menu');
    // Remortgaging statuses only.
    expect(within(menu).queryByRole('menuitemcheckbox', { name: 'Awaiting Payment' })).toBeNull();
    await userEvent.click(
      within(menu).getByRole('menuitemcheckbox', { name: 'Identity Verification' }),
    );
    await userEvent.click(
      within(screen.getByRole('menu')).getByRole('menuitemcheckbox', {
        name: 'Awaiting Mortgage Offer',
      }),
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() =>
      expect(router.state.location.search).toEqual({
        status: ['IDENTITY_VERIFICATION', 'AWAITING_MORTGAGE_OFFER'],
      }),
    );
    await waitFor(() =>
      expect(lastRequest(calls).getAll('status')).toEqual([
        'IDENTITY_VERIFICATION',
        'AWAITING_MORTGAGE_OFFER',
      ]),
    );
    expect(screen.getByRole('button', { name: 'Status (2)' })).toBeInTheDocument();
  });

  it('assignee: Me, Unassigned or a member from /staff/members', async () => {
    const { calls, router } = await openQueue();
    await userEvent.click(screen.getByRole('button', { name: /^Assignee/ }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getByRole('menuitemradio', { name: 'Anyone' })).toBeChecked();
    expect(within(menu).getByRole('menuitemradio', { name: 'Adam Admin' })).toBeInTheDocument();
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: 'Me' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ assignee: 'me' }));
    await waitFor(() => expect(lastRequest(calls).get('assignee')).toBe('me'));

    await userEvent.click(screen.getByRole('button', { name: 'Assignee: Me' }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Adam Admin' }));
    await waitFor(() => expect(lastRequest(calls).get('assignee')).toBe(MEMBERS[1].id));
    expect(router.state.location.search).toEqual({ assignee: MEMBERS[1].id });

    await userEvent.click(screen.getByRole('button', { name: 'Assignee: Adam Admin' }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Anyone' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    // Anyone's cases: the first request's (no assignee), still fresh in the cache.
    expect(queueRequests(calls)[0].get('assignee')).toBeNull();
    expect(screen.getByRole('button', { name: 'Assignee: Anyone' })).toBeInTheDocument();
  });

  it('waiting on: anyone by default; a party goes to the URL and the request, from page 0', async () => {
    const { calls, router } = await openQueue('/staff?page=2', [queueItem()], 80);
    expect(lastRequest(calls).get('waitsOn')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Waiting on: Anyone' }));
    const menu = screen.getByRole('menu', { name: 'Waiting on: Anyone' });
    expect(
      within(menu)
        .getAllByRole('menuitemradio')
        .map((item) => item.textContent),
    ).toEqual(['Anyone', 'The firm', 'Customer', 'Broker', 'Lender', 'Seller']);
    expect(within(menu).getByRole('menuitemradio', { name: 'Anyone' })).toBeChecked();
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: 'The firm' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ waitsOn: 'firm' }));
    await waitFor(() => expect(lastRequest(calls).get('waitsOn')).toBe('firm'));
    expect(lastRequest(calls).get('page')).toBe('0');
    expect(screen.getByRole('button', { name: 'Waiting on: The firm' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Waiting on: The firm' }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Lender' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ waitsOn: 'lender' }));
    await waitFor(() => expect(lastRequest(calls).get('waitsOn')).toBe('lender'));

    // It stays with the other case type; Reset filters takes it away.
    await userEvent.click(screen.getByRole('tab', { name: 'Buying' }));
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ caseType: 'BUYING', waitsOn: 'lender' }),
    );
    await waitFor(() => {
      const params = lastRequest(calls);
      expect([params.get('caseType'), params.get('waitsOn')]).toEqual(['BUYING', 'lender']);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ caseType: 'BUYING' }));
    await waitFor(() => expect(lastRequest(calls).get('waitsOn')).toBeNull());
    expect(screen.getByRole('button', { name: 'Waiting on: Anyone' })).toBeInTheDocument();
  });

  it('waiting on in an opened address is applied; an unknown party is dropped', async () => {
    const { calls } = await openQueue('/staff?waitsOn=Customer');
    expect(lastRequest(calls).get('waitsOn')).toBe('customer');
    expect(screen.getByRole('button', { name: 'Waiting on: Customer' })).toBeInTheDocument();
  });

  it('the name search waits for typing to stop, then goes to the URL and the request', async () => {
    const { calls, router } = await openQueue('/staff?page=2', [queueItem()], 80);
    const before = queueRequests(calls).length;
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'smi');
    // One request for the whole word, not one per letter; a search starts at page 0. The list's
    // own name parameter: owners' names for remortgages.
    await waitFor(() => expect(router.state.location.search).toEqual({ name: 'smi' }));
    await waitFor(() => expect(lastRequest(calls).get('propertyOwnerName')).toBe('smi'));
    expect(lastRequest(calls).get('page')).toBe('0');
    expect(queueRequests(calls).length).toBe(before + 1);
  });

  it("on the Buying tab the name searches buyers' names", async () => {
    const { calls } = await openQueue('/staff?caseType=BUYING&name=jo');
    expect(lastRequest(calls).get('buyerName')).toBe('jo');
    expect(lastRequest(calls).get('propertyOwnerName')).toBeNull();
  });

  it('sort by Created, newest first', async () => {
    const { calls, router } = await openQueue();
    await userEvent.click(screen.getByRole('button', { name: 'Sort by: Last updated' }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Created' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sort newest first' }));
    await waitFor(() =>
      expect(router.state.location.search).toEqual({
        sortBy: 'CREATED_AT',
        sortDirection: 'DESC',
      }),
    );
    await waitFor(() => {
      const params = lastRequest(calls);
      expect([params.get('sortBy'), params.get('sortDirection')]).toEqual(['CREATED_AT', 'DESC']);
    });
    expect(screen.getByRole('button', { name: 'Sort oldest first' })).toBeInTheDocument();
  });

  it('legal file: only cases with a task overdue, the soonest deadline first (issue 29)', async () => {
    const { calls, router } = await openQueue();
    expect(lastRequest(calls).get('taskDue')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Legal file: Any case' }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'A task overdue' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sort by: Last updated' }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Next task due' }));
    await waitFor(() =>
      expect(router.state.location.search).toEqual({
        taskDue: 'overdue',
        sortBy: 'NEXT_TASK_DUE_ON',
      }),
    );
    await waitFor(() => {
      const params = lastRequest(calls);
      expect([params.get('taskDue'), params.get('sortBy'), params.get('sortDirection')]).toEqual([
        'overdue',
        'NEXT_TASK_DUE_ON',
        'ASC',
      ]);
    });
    // Deadlines read soonest first, not oldest.
    expect(screen.getByRole('button', { name: 'Sort latest first' })).toHaveAttribute(
      'title',
      'Soonest first: sort latest first',
    );
  });

  it('messages: the cases waiting for our reply, the reply due soonest first (issue 32)', async () => {
    const { calls, router } = await openQueue('/staff', [
      queueItem({ replyDueAt: '2026-12-02T10:00:00Z', replyOverdue: true }),
      queueItem({ id: 1002, replyDueAt: '2026-12-09T10:00:00Z' }),
      queueItem({ id: 1003 }),
    ]);
    const rows = screen.getAllByRole('row');
    expect(within(rows[1]).getByText('Reply overdue')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Message waiting')).toBeInTheDocument();
    expect(within(rows[3]).queryByText(/Reply overdue|Message waiting/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Messages: Any case' }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Waiting for our reply' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sort by: Last updated' }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Reply due' }));
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ reply: 'waiting', sortBy: 'REPLY_DUE_AT' }),
    );
    await waitFor(() => {
      const params = lastRequest(calls);
      expect([params.get('reply'), params.get('sortBy'), params.get('sortDirection')]).toEqual([
        'waiting',
        'REPLY_DUE_AT',
        'ASC',
      ]);
    });
    expect(screen.getByRole('button', { name: 'Sort latest first' })).toHaveAttribute(
      'title',
      'Soonest first: sort latest first',
    );
  });

  it('pages of 25: page 2 goes to the URL (0-based) and the request', async () => {
    const { calls, router } = await openQueue('/staff', [queueItem()], 60);
    expect(screen.getByText('Showing 1 of 60 case(s)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 1 }));
    await waitFor(() => expect(lastRequest(calls).get('page')).toBe('1'));
  });

  it('the filters in an opened address are applied; unknown values are dropped', async () => {
    const { calls } = await openQueue(
      '/staff?caseType=buying&status=AWAITING_DEPOSIT,BOGUS&assignee=unassigned&name=jo&sortBy=created_at&sortDirection=sideways',
    );
    expect(Object.fromEntries(lastRequest(calls))).toEqual({
      caseType: 'BUYING',
      status: 'AWAITING_DEPOSIT',
      assignee: 'unassigned',
      buyerName: 'jo',
      sortBy: 'CREATED_AT',
      sortDirection: 'ASC',
      page: '0',
      pageSize: '25',
    });
    expect(screen.getByRole('tab', { name: 'Buying' })).toHaveAttribute('aria-selected', 'true');
  });

  it('an empty queue says so; a filtered one says the filters match nothing', async () => {
    await openQueue('/staff', [], 0);
    expect(screen.getByRole('status')).toHaveTextContent('No cases need anything here.');
  });

  it('a filtered queue with nothing in it says the filters match nothing', async () => {
    await openQueue('/staff?assignee=me', [], 0);
    expect(screen.getByRole('status')).toHaveTextContent('No cases match these filters.');
  });

  it('nothing waiting on the chosen party is a filtered empty queue', async () => {
    await openQueue('/staff?waitsOn=seller', [], 0);
    expect(screen.getByRole('status')).toHaveTextContent('No cases match these filters.');
  });
});

describe('queue search parameters', () => {
  it('defaults are never written; a filter change goes back to page 0', () => {
    const search = parseQueueSearch({ page: '3', caseType: 'REMORTGAGING', sortBy: 'UPDATED_AT' });
    expect(search).toEqual({ page: 3 });
    expect(withQueueFilter(search, { assignee: 'me' })).toEqual({ assignee: 'me' });
    expect(
      withQueueFilter(
        { caseType: 'BUYING', status: ['AWAITING_DEPOSIT'] },
        { caseType: 'REMORTGAGING' },
      ),
    ).toEqual({});
    expect(queueRequest({})).toEqual({
      caseType: 'REMORTGAGING',
      sortBy: 'UPDATED_AT',
      sortDirection: 'ASC',
      page: 0,
      pageSize: 25,
    });
  });

  it('an assignee is me, unassigned or a user id', () => {
    expect(parseQueueSearch({ assignee: 'ME' })).toEqual({ assignee: 'me' });
    expect(parseQueueSearch({ assignee: 'someone' })).toEqual({});
    expect(parseQueueSearch({ assignee: MEMBERS[0].id })).toEqual({ assignee: MEMBERS[0].id });
  });

  it('waiting on is one of the five parties (any case), sent as the API spells it', () => {
    expect(parseQueueSearch({ waitsOn: ' FIRM ' })).toEqual({ waitsOn: 'firm' });
    expect(parseQueueSearch({ waitsOn: 'anyone' })).toEqual({});
    expect(parseQueueSearch({ waitsOn: 'nobody' })).toEqual({});
    expect(parseQueueSearch({ waitsOn: ['seller'] })).toEqual({});
    expect(withQueueFilter({ page: 4, assignee: 'me' }, { waitsOn: 'broker' })).toEqual({
      assignee: 'me',
      waitsOn: 'broker',
    });
    expect(withQueueFilter({ waitsOn: 'broker' }, { waitsOn: undefined })).toEqual({});
    expect(queueRequest({ waitsOn: 'seller' })).toMatchObject({ waitsOn: 'seller' });
    expect(queueRequest({})).not.toHaveProperty('waitsOn');
  });

  it('the messages filter is waiting or overdue, and the reply due is a sort (issue 32)', () => {
    expect(parseQueueSearch({ reply: 'Overdue', sortBy: 'reply_due_at' })).toEqual({
      reply: 'overdue',
      sortBy: 'REPLY_DUE_AT',
    });
    expect(parseQueueSearch({ reply: 'late' })).toEqual({});
    expect(queueRequest({ reply: 'waiting' })).toMatchObject({ reply: 'waiting' });
    expect(queueRequest({})).not.toHaveProperty('reply');
  });

  it('the legal file filter is due or overdue, and the next task due is a sort (issue 29)', () => {
    expect(parseQueueSearch({ taskDue: 'OVERDUE', sortBy: 'next_task_due_on' })).toEqual({
      taskDue: 'overdue',
      sortBy: 'NEXT_TASK_DUE_ON',
    });
    expect(parseQueueSearch({ taskDue: 'soon', sortBy: 'DUE' })).toEqual({});
    expect(queueRequest({ taskDue: 'due' })).toMatchObject({ taskDue: 'due' });
    expect(queueRequest({})).not.toHaveProperty('taskDue');
  });
});
