import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json } from '../../test/fetchMock';
import { makeMe } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { CONVEYANCER, staffServer } from '../../test/staff';
import { stubViewport } from '../../test/viewport';
import type { StaffUser } from './types';

const ADMIN = makeMe(
  { id: '7a000000-0000-4000-8000-000000000002', role: 'ROLE_ADMIN', privacyVersion: null },
  { preferredName: 'Adam Admin', email: 'adam@threshold.example' },
);

const account = (overrides: Partial<StaffUser>): StaffUser => ({
  id: '8b000000-0000-4000-8000-000000000001',
  email: 'dana@example.com',
  name: 'Dana Smith',
  role: 'ROLE_USER',
  disabled: false,
  createdAt: '2026-03-01T09:00:00Z',
  secondFactorEnrolled: false,
  ...overrides,
});

const DANA = account({});
const CONNIE = account({
  id: CONVEYANCER.id,
  email: 'connie@threshold.example',
  name: 'Connie Conveyancer',
  role: 'ROLE_CONVEYANCER',
  secondFactorEnrolled: true,
});
const SELF = account({
  id: ADMIN.id,
  email: 'adam@threshold.example',
  name: 'Adam Admin',
  role: 'ROLE_ADMIN',
  secondFactorEnrolled: true,
});

/** The back office with an administrator signed in; the accounts change as the server says. */
function adminServer(overrides: Record<string, (request: Request) => Response> = {}) {
  let users = [SELF, CONNIE, DANA];
  const update = (id: string, change: Partial<StaffUser>) => {
    users = users.map((u) => (u.id === id ? { ...u, ...change } : u));
    return json(users.find((u) => u.id === id));
  };
  return staffServer(ADMIN, {
    'GET /api/staff/users': () => json(users),
    [`POST /api/staff/users/${DANA.id}/disable`]: () => update(DANA.id, { disabled: true }),
    [`POST /api/staff/users/${DANA.id}/enable`]: () => update(DANA.id, { disabled: false }),
    [`PUT /api/staff/users/${DANA.id}/role`]: () => update(DANA.id, { role: 'ROLE_BROKER' }),
    [`POST /api/staff/users/${CONNIE.id}/reset-factor`]: () =>
      update(CONNIE.id, { secondFactorEnrolled: false }),
    ...overrides,
  });
}

type Calls = ReturnType<typeof adminServer>['calls'];
const listFetches = (calls: Calls) =>
  calls.filter((c) => c.method === 'GET' && c.path === '/api/staff/users').length;

async function openUsers() {
  const table = await screen.findByRole('table', { name: 'Accounts' });
  return table;
}

const rowOf = (table: HTMLElement, name: RegExp) =>
  within(table)
    .getAllByRole('row')
    .find((row) => within(row).queryByText(name)) as HTMLElement;

afterEach(() => vi.unstubAllGlobals());

describe('/staff/users — the administrators’ accounts page', () => {
  it('is in the navigation for an administrator and lists every account', async () => {
    adminServer();
    const { router } = renderApp('/staff');
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Users' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/users'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    const table = await openUsers();
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    const dana = within(rowOf(table, /Dana Smith/));
    expect(dana.getByText('dana@example.com')).toBeInTheDocument();
    expect(dana.getByText('Active')).toBeInTheDocument();
    expect(dana.getByText('Not needed')).toBeInTheDocument();
    expect(dana.getByRole('combobox', { name: 'Role of Dana Smith' })).toHaveValue('ROLE_USER');
    expect(dana.queryByRole('button', { name: /Reset second factor/ })).toBeNull();
    const connie = within(rowOf(table, /Connie Conveyancer/));
    expect(connie.getByText('Set up')).toBeInTheDocument();
    // Their own account: no actions, the role fixed (the server refuses both as well).
    const self = within(rowOf(table, /Adam Admin/));
    expect(self.getByText(/\(you\)/)).toBeInTheDocument();
    expect(self.getByRole('combobox', { name: 'Role of Adam Admin' })).toBeDisabled();
    expect(self.queryByRole('button')).toBeNull();
  });

  it('disables after asking, then enables again; the list is fetched again each time', async () => {
    const { calls } = adminServer();
    renderApp('/staff/users');
    const table = await openUsers();
    await userEvent.click(
      within(rowOf(table, /Dana Smith/)).getByRole('button', { name: 'Disable Dana Smith' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Disable Dana Smith?' });
    expect(within(dialog).getByText(/dana@example.com is signed out everywhere/)).toBeVisible();
    const before = listFetches(calls);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(
      await screen.findByText('Dana Smith is disabled. Their sessions have ended.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Dana Smith/ })).toBeNull());
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith(`${DANA.id}/disable`))).toBe(
      true,
    );
    expect(listFetches(calls)).toBeGreaterThan(before);
    const row = within(rowOf(table, /Dana Smith/));
    expect(row.getByText('Disabled')).toBeInTheDocument();

    await userEvent.click(row.getByRole('button', { name: 'Enable Dana Smith' }));
    const enable = await screen.findByRole('dialog', { name: 'Enable Dana Smith?' });
    await userEvent.click(within(enable).getByRole('button', { name: 'Enable' }));
    await waitFor(() =>
      expect(within(rowOf(table, /Dana Smith/)).getByText('Active')).toBeInTheDocument(),
    );
  });

  it('Go back leaves the account as it was', async () => {
    const { calls } = adminServer();
    renderApp('/staff/users');
    const table = await openUsers();
    await userEvent.click(
      within(rowOf(table, /Dana Smith/)).getByRole('button', { name: 'Disable Dana Smith' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Disable Dana Smith?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Dana Smith/ })).toBeNull());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('changes a role from the select and says so', async () => {
    const { calls } = adminServer();
    renderApp('/staff/users');
    const table = await openUsers();
    await userEvent.selectOptions(
      within(rowOf(table, /Dana Smith/)).getByRole('combobox', { name: 'Role of Dana Smith' }),
      'ROLE_BROKER',
    );
    expect(await screen.findByText('Dana Smith is now Broker.')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe(`/api/staff/users/${DANA.id}/role`);
    expect(JSON.parse(put?.body ?? '{}')).toEqual({ role: 'ROLE_BROKER' });
    await waitFor(() =>
      expect(
        within(rowOf(table, /Dana Smith/)).getByRole('combobox', { name: 'Role of Dana Smith' }),
      ).toHaveValue('ROLE_BROKER'),
    );
  });

  it("resets a conveyancer's second factor after asking", async () => {
    const { calls } = adminServer();
    renderApp('/staff/users');
    const table = await openUsers();
    await userEvent.click(
      within(rowOf(table, /Connie Conveyancer/)).getByRole('button', {
        name: 'Reset second factor of Connie Conveyancer',
      }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: "Reset Connie Conveyancer's second factor?",
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset second factor' }));
    expect(
      await screen.findByText("Connie Conveyancer's second factor is reset."),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.path === `/api/staff/users/${CONNIE.id}/reset-factor`)).toBe(true);
    await waitFor(() =>
      expect(within(rowOf(table, /Connie Conveyancer/)).getByText('Not set up')).toBeVisible(),
    );
  });

  it("shows the server's refusal in the dialog, and a failed role change as a message", async () => {
    adminServer({
      [`POST /api/staff/users/${DANA.id}/disable`]: () =>
        apiError(409, 'You cannot disable your own account.'),
      [`PUT /api/staff/users/${DANA.id}/role`]: () =>
        apiError(422, 'Request validation failed', { role: 'must be a role' }),
    });
    renderApp('/staff/users');
    const table = await openUsers();
    await userEvent.click(
      within(rowOf(table, /Dana Smith/)).getByRole('button', { name: 'Disable Dana Smith' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Disable Dana Smith?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You cannot disable your own account.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Go back' }));
    await userEvent.selectOptions(
      within(rowOf(table, /Dana Smith/)).getByRole('combobox', { name: 'Role of Dana Smith' }),
      'ROLE_BROKER',
    );
    expect(await screen.findByText('Request validation failed')).toBeInTheDocument();
  });

  it('says when the list cannot be loaded', async () => {
    adminServer({ 'GET /api/staff/users': () => apiError(500) });
    renderApp('/staff/users');
    expect(
      await screen.findByText('We could not load the accounts. Please try again.'),
    ).toBeInTheDocument();
  });

  it('is a list of cards on a phone', async () => {
    stubViewport(375);
    adminServer();
    renderApp('/staff/users');
    const cards = await screen.findByRole('list', { name: 'Accounts' });
    expect(screen.queryByRole('table')).toBeNull();
    const items = within(cards).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(
      within(items[2]).getByRole('button', { name: 'Disable Dana Smith' }),
    ).toBeInTheDocument();
  });

  it('is not for a conveyancer: no link, and the page asks nothing of the server', async () => {
    const { calls } = staffServer(CONVEYANCER);
    renderApp('/staff/users');
    expect(await screen.findByText('Only an administrator manages accounts.')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(within(nav).getByRole('link', { name: 'Work queue' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Users' })).toBeNull();
    expect(calls.some((c) => c.path === '/api/staff/users')).toBe(false);
  });
});
