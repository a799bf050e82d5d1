import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '../../lib/api/types';
import { apiError, json, noContent, type Handler } from '../../test/fetchMock';
import { makeMe, signedInServer } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { stubViewport } from '../../test/viewport';
import type { Delivery, Webhook } from './api/webhooks';
import { WEBHOOK_TEXT } from './texts';

const ADMIN = makeMe({ role: 'ROLE_BROKER_ADMIN' }, { preferredName: 'Ada Admin' });
const HOOK_ID = '5a7e0000-0000-4000-8000-000000000001';
const HOOK: Webhook = {
  id: HOOK_ID,
  url: 'https://crm.example.com/threshold',
  events: ['case.created', 'quote.accepted'],
  createdAt: '2026-11-20T09:00:00Z',
};
const FAILED: Delivery = {
  id: 41,
  eventId: 'evt-41',
  eventType: 'quote.accepted',
  attempts: 3,
  lastStatus: 500,
  lastError: 'the endpoint answered 500',
  lastAttemptAt: '2026-11-21T10:30:00Z',
  deliveredAt: null,
  createdAt: '2026-11-21T10:00:00Z',
};
const DELIVERED: Delivery = {
  ...FAILED,
  id: 40,
  eventId: 'evt-40',
  eventType: 'case.created',
  attempts: 1,
  lastStatus: 200,
  lastError: null,
  deliveredAt: '2026-11-21T09:00:00Z',
};

function server(me: Me = ADMIN, routes: Record<string, Handler> = {}) {
  return signedInServer(me, {
    'GET /api/broker/webhooks': () => json({ endpoints: [HOOK] }),
    [`GET /api/broker/webhooks/${HOOK_ID}/deliveries`]: () =>
      json({ deliveries: [FAILED, DELIVERED] }),
    'GET /api/cases/overviews': () => json({ cases: [], gifts: [] }),
    ...routes,
  });
}

function posted(calls: { method: string; path: string; body: string | null }[], path: string) {
  return calls
    .filter((c) => c.method === 'POST' && c.path === path)
    .map((c) => JSON.parse(c.body ?? '{}') as unknown);
}

async function openPage() {
  const result = renderApp('/settings/webhooks');
  await screen.findByRole('heading', { level: 1, name: WEBHOOK_TEXT.title });
  return result;
}

function newForm() {
  return within(screen.getByRole('form', { name: WEBHOOK_TEXT.newTitle }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/settings/webhooks', () => {
  it('is in the navigation of a broker admin and lists the firm’s endpoints', async () => {
    server();
    await openPage();
    const navigation = within(screen.getByRole('navigation', { name: 'Main navigation' }));
    expect(navigation.getByRole('link', { name: 'Webhooks' })).toHaveAttribute(
      'href',
      '/settings/webhooks',
    );
    const endpoints = within(await screen.findByRole('list', { name: WEBHOOK_TEXT.endpoints }));
    expect(endpoints.getByRole('heading', { name: HOOK.url })).toBeInTheDocument();
    expect(endpoints.getByText('Case created')).toBeInTheDocument();
    expect(endpoints.getByText('Quote accepted')).toBeInTheDocument();
  });

  it('registers an endpoint and shows its secret once, with a copy button', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { calls } = server(ADMIN, {
      'POST /api/broker/webhooks': () =>
        json(
          {
            id: '5a7e0000-0000-4000-8000-000000000002',
            url: 'https://hooks.example.org/in',
            events: ['case.created', 'case.completed'],
            createdAt: '2026-11-29T12:00:00Z',
            secret: 'whsec_s3cr3t',
          },
          201,
        ),
    });
    await openPage();
    const form = newForm();
    await userEvent.type(form.getByLabelText(/Endpoint URL/), 'https://hooks.example.org/in');
    await userEvent.click(form.getByRole('checkbox', { name: 'Case completed' }));
    await userEvent.click(form.getByRole('checkbox', { name: 'Case created' }));
    await userEvent.click(form.getByRole('button', { name: WEBHOOK_TEXT.add }));

    const dialog = within(await screen.findByRole('dialog', { name: WEBHOOK_TEXT.secretTitle }));
    expect(dialog.getByText(WEBHOOK_TEXT.secretWarning)).toBeInTheDocument();
    expect(dialog.getByLabelText(WEBHOOK_TEXT.secretLabel)).toHaveValue('whsec_s3cr3t');
    await userEvent.click(dialog.getByRole('button', { name: WEBHOOK_TEXT.copy }));
    expect(writeText).toHaveBeenCalledWith('whsec_s3cr3t');
    // In the server's order, whatever order they were ticked in.
    expect(posted(calls, '/api/broker/webhooks')).toEqual([
      { url: 'https://hooks.example.org/in', events: ['case.created', 'case.completed'] },
    ]);
    await userEvent.click(dialog.getByRole('button', { name: WEBHOOK_TEXT.secretDone }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: WEBHOOK_TEXT.secretTitle })).toBeNull(),
    );
    expect(screen.queryByDisplayValue('whsec_s3cr3t')).toBeNull();
    expect(form.getByLabelText(/Endpoint URL/)).toHaveValue('');
  });

  it('checks the form first, then shows the server’s refusal on its field', async () => {
    const { calls } = server(ADMIN, {
      'POST /api/broker/webhooks': () =>
        apiError(422, 'Invalid', {
          url: 'must be a public address: loopback, private, link-local and other internal addresses are refused',
        }),
    });
    await openPage();
    const form = newForm();
    const url = form.getByLabelText(/Endpoint URL/);
    await userEvent.click(form.getByRole('button', { name: WEBHOOK_TEXT.add }));
    expect(url).toHaveAccessibleDescription(WEBHOOK_TEXT.urlRequired);
    expect(form.getByRole('group', { name: /Events to send/ })).toHaveAccessibleDescription(
      WEBHOOK_TEXT.eventsRequired,
    );
    expect(posted(calls, '/api/broker/webhooks')).toEqual([]);

    await userEvent.type(url, 'https://10.0.0.7/hook');
    await userEvent.click(form.getByRole('checkbox', { name: 'Status changed' }));
    await userEvent.click(form.getByRole('button', { name: WEBHOOK_TEXT.add }));
    await waitFor(() => expect(url).toHaveAccessibleDescription(/must be a public address/));
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(url).toHaveValue('https://10.0.0.7/hook');
    expect(screen.queryByRole('dialog', { name: WEBHOOK_TEXT.secretTitle })).toBeNull();
  });

  it('shows an endpoint’s deliveries and sends a failed one again', async () => {
    const { calls } = server(ADMIN, {
      'POST /api/broker/webhooks/deliveries/41/replay': () => new Response(null, { status: 202 }),
    });
    await openPage();
    await userEvent.click(await screen.findByRole('button', { name: WEBHOOK_TEXT.showDeliveries }));
    const table = within(
      await screen.findByRole('table', { name: `${WEBHOOK_TEXT.deliveries}: ${HOOK.url}` }),
    );
    const rows = table.getAllByRole('row');
    expect(within(rows[1]).getByText('Quote accepted')).toBeInTheDocument();
    expect(within(rows[1]).getByText('3')).toBeInTheDocument();
    expect(within(rows[1]).getByText('the endpoint answered 500')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Delivered (HTTP 200)')).toBeInTheDocument();
    await userEvent.click(
      within(rows[1]).getByRole('button', { name: /^Send again: Quote accepted/ }),
    );
    await waitFor(() =>
      expect(posted(calls, '/api/broker/webhooks/deliveries/41/replay')).toHaveLength(1),
    );
    expect(await screen.findByText(WEBHOOK_TEXT.replayed)).toBeInTheDocument();
  });

  it('is a stacked list on a phone, without a table', async () => {
    stubViewport(375);
    server();
    await openPage();
    await userEvent.click(await screen.findByRole('button', { name: WEBHOOK_TEXT.showDeliveries }));
    const list = await screen.findByRole('list', {
      name: `${WEBHOOK_TEXT.deliveries}: ${HOOK.url}`,
    });
    expect(screen.queryByRole('table')).toBeNull();
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByText('the endpoint answered 500')).toBeInTheDocument();
    expect(within(items[0]).getByRole('button', { name: /^Send again/ })).toBeInTheDocument();
  });

  it('deletes an endpoint after asking', async () => {
    let endpoints = [HOOK];
    const { calls } = server(ADMIN, {
      'GET /api/broker/webhooks': () => json({ endpoints }),
      [`DELETE /api/broker/webhooks/${HOOK_ID}`]: () => {
        endpoints = [];
        return noContent();
      },
    });
    await openPage();
    await userEvent.click(
      await screen.findByRole('button', { name: `${WEBHOOK_TEXT.remove} ${HOOK.url}` }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: WEBHOOK_TEXT.removeTitle }));
    await userEvent.click(dialog.getByRole('button', { name: WEBHOOK_TEXT.removeConfirm }));
    expect(await screen.findByText(WEBHOOK_TEXT.none)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it.each(['ROLE_BROKER', 'ROLE_BROKER_MANAGER', 'ROLE_USER'] as const)(
    'is not for %s: no entry, and the page sends them to their cases',
    async (role) => {
      const { calls } = server(makeMe({ role }));
      const { router } = renderApp('/settings/webhooks');
      await waitFor(() => expect(router.state.location.pathname).toBe('/remortgaging'));
      const navigation = within(await screen.findByRole('navigation', { name: 'Main navigation' }));
      expect(navigation.getByRole('link', { name: 'Remortgaging' })).toBeInTheDocument();
      expect(navigation.queryByRole('link', { name: 'Webhooks' })).toBeNull();
      expect(calls.some((c) => c.path.startsWith('/api/broker/webhooks'))).toBe(false);
    },
  );
});
