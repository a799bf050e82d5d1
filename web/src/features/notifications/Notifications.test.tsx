import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/errors';
import type { FeedItem } from '../../lib/api/types';
import { FEED_POLL_MS, FEED_REFUSED_POLL_MS } from '../../lib/constants';
import { stubEventSource } from '../../test/eventSource';
import { apiError, json, noContent, type Handler } from '../../test/fetchMock';
import { makeMe, signedInServer } from '../../test/fixtures';
import { feedItem } from '../../test/invitations';
import { renderApp } from '../../test/renderApp';
import { feedCountsQuery, feedPollInterval } from './api/getFeedCounts';
import { KNOCK_HEADER } from './api/knock';
import { FEED_TEXTS } from './components/NotificationList';
import { asPendingInvitation, newestPendingInvitation } from './kinds';
import { NOTIFICATIONS_TEXTS } from './routes/NotificationsPage';

const TOKEN = 'user-1.1900000000.abc';
const ME = makeMe({ knockToken: TOKEN });

/** A feed of `items` served 30 a page, with archive and read for each item. */
function feedServer(initial: FeedItem[], extra: Record<string, Handler> = {}) {
  let items = [...initial];
  const counts = () => ({
    totalCount: items.length,
    unreadCount: items.filter((i) => !i.read).length,
  });
  const routes: Record<string, Handler> = {
    'GET /api/feed/counts': () => json(counts()),
    'GET /api/feed': (request) => {
      const page = Number(new URL(request.url).searchParams.get('page') ?? '0');
      return json({
        items: items.slice(page * 30, page * 30 + 30),
        ...counts(),
        totalPages: Math.ceil(items.length / 30),
        currentPage: page,
      });
    },
  };
  for (const item of initial) {
    routes[`POST /api/feed/${item.id}/archive`] = () => {
      items = items.filter((i) => i.id !== item.id);
      return noContent();
    };
    routes[`POST /api/feed/${item.id}/read`] = () => {
      items = items.map((i) => (i.id === item.id ? { ...i, read: true } : i));
      return noContent();
    };
  }
  const server = signedInServer(ME, { ...routes, ...extra });
  return {
    ...server,
    setItems: (next: FeedItem[]) => {
      items = next;
    },
  };
}

const notification = (n: number, read = false) =>
  feedItem(
    'case-notification',
    { propertyAddressLine1: `${n} Feed Street` },
    { read, createdAt: '2026-03-07T09:30:00Z' },
  );

async function badgeLink(name: string, options?: { timeout: number }) {
  const nav = within(await screen.findByRole('navigation', { name: 'Main navigation' }));
  return nav.findByRole('link', { name }, options);
}

describe('/notifications', () => {
  it('NOTIF-01 NOTIF-05: lists the feed, each call carrying the knockToken', async () => {
    const items = [notification(1), notification(2, true), notification(3)];
    const { calls } = feedServer(items);
    renderApp('/notifications');
    const list = await screen.findByRole('list', { name: FEED_TEXTS.list });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('1 Feed Street');
    expect(rows[0]).toHaveTextContent('07/03/2026');
    expect(within(rows[0]).getByText(FEED_TEXTS.unread)).toBeInTheDocument();
    expect(within(rows[1]).queryByText(FEED_TEXTS.unread)).toBeNull();
    expect(within(rows[0]).getByRole('link', { name: FEED_TEXTS.openCase })).toHaveAttribute(
      'href',
      '/remortgaging/1001',
    );
    expect(screen.getByTestId('feed-count')).toHaveTextContent('3 notifications, 2 unread');
    const feedCalls = calls.filter((c) => c.path.startsWith('/api/feed'));
    expect(feedCalls.length).toBeGreaterThan(0);
    for (const call of feedCalls) expect(call.request.headers.get(KNOCK_HEADER)).toBe(TOKEN);
  });

  it('NOTIF-02 CONST-12: 35 items come as a page of 30, the other 5 on page 2', async () => {
    const items = Array.from({ length: 35 }, (_, i) => notification(i + 1));
    const { calls } = feedServer(items);
    renderApp('/notifications');
    const list = await screen.findByRole('list', { name: FEED_TEXTS.list });
    expect(within(list).getAllByRole('listitem')).toHaveLength(30);
    await userEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: FEED_TEXTS.list })).getAllByRole('listitem'),
      ).toHaveLength(5),
    );
    expect(screen.getByRole('list', { name: FEED_TEXTS.list })).toHaveTextContent('31 Feed Street');
    const pages = calls
      .filter((c) => c.method === 'GET' && c.path === '/api/feed')
      .map((c) => new URL(c.request.url).searchParams.get('page'));
    expect(pages).toContain('0');
    expect(pages).toContain('1');
  });

  it('NOTIF-03 SHELL-08: Archive removes the item and the badge follows without a reload', async () => {
    const items = [notification(1), notification(2)];
    const { calls } = feedServer(items);
    renderApp('/notifications');
    expect(await badgeLink('Notifications, 2 unread')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: FEED_TEXTS.list });
    const first = within(list).getAllByRole('listitem')[0];
    await userEvent.click(within(first).getByRole('button', { name: FEED_TEXTS.archive }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: FEED_TEXTS.list })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
    expect(screen.queryByText('1 Feed Street', { exact: false })).toBeNull();
    expect(await badgeLink('Notifications, 1 unread')).toBeInTheDocument();
    const archive = calls.find((c) => c.path === `/api/feed/${items[0].id}/archive`);
    expect(archive?.method).toBe('POST');
    expect(archive?.request.headers.get(KNOCK_HEADER)).toBe(TOKEN);
  });

  it("NOTIF-03: 'Mark as read' marks it read and the badge goes to zero", async () => {
    const items = [notification(1)];
    const { calls } = feedServer(items);
    renderApp('/notifications');
    await badgeLink('Notifications, 1 unread');
    await userEvent.click(await screen.findByRole('button', { name: FEED_TEXTS.markRead }));
    expect(await badgeLink('Notifications')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: FEED_TEXTS.markRead })).toBeNull();
    expect(calls.some((c) => c.path === `/api/feed/${items[0].id}/read`)).toBe(true);
  });

  it('archiving the only item of page 2 goes back to page 1', async () => {
    const items = Array.from({ length: 31 }, (_, i) => notification(i + 1));
    feedServer(items);
    renderApp('/notifications');
    await screen.findByRole('list', { name: FEED_TEXTS.list });
    await userEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await screen.findByText(/31 Feed Street/);
    await userEvent.click(screen.getByRole('button', { name: FEED_TEXTS.archive }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: FEED_TEXTS.list })).getAllByRole('listitem'),
      ).toHaveLength(30),
    );
    expect(screen.queryByRole('navigation', { name: 'Notifications pagination' })).toBeNull();
  });

  it('an empty feed says so', async () => {
    feedServer([]);
    renderApp('/notifications');
    expect(await screen.findByText(NOTIFICATIONS_TEXTS.empty)).toBeInTheDocument();
  });

  it('a feed that fails to load says so', async () => {
    feedServer([], { 'GET /api/feed': () => apiError(500) });
    renderApp('/notifications');
    expect(await screen.findByText(NOTIFICATIONS_TEXTS.loadError)).toBeInTheDocument();
  });

  it('without a knockToken the feed is not called at all', async () => {
    const { calls } = signedInServer(makeMe({ knockToken: null }));
    renderApp('/notifications');
    expect(await screen.findByText(NOTIFICATIONS_TEXTS.unavailable)).toBeInTheDocument();
    expect(await badgeLink('Notifications')).toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/api/feed'))).toBe(false);
  });
});

describe('unread badge', () => {
  afterEach(() => vi.useRealTimers());

  it('NOTIF-03 CACHE-02: a new item shows on the badge at the next poll, without a reload; a fresh count is not fetched again on focus', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { setItems, calls } = feedServer([notification(1)]);
    const countCalls = () => calls.filter((c) => c.path === '/api/feed/counts').length;
    renderApp('/help');
    expect(await badgeLink('Notifications, 1 unread')).toBeInTheDocument();
    expect(screen.getByTestId('notifications-badge')).toHaveTextContent('1');
    const polled = countCalls();
    setItems([notification(2), notification(1)]);
    // Focus while the count is fresh (20 s): nothing is fetched, the badge stays.
    await vi.advanceTimersByTimeAsync(FEED_POLL_MS / 2);
    window.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(FEED_POLL_MS / 2 - 1000);
    expect(countCalls()).toBe(polled);
    expect(screen.getByTestId('notifications-badge')).toHaveTextContent('1');
    await vi.advanceTimersByTimeAsync(1000);
    expect(await badgeLink('Notifications, 2 unread')).toBeInTheDocument();
    expect(screen.getByTestId('notifications-badge')).toHaveTextContent('2');
    expect(countCalls()).toBe(polled + 1);
  });

  it('a new item shows on the badge as soon as the server says the feed changed (server-sent events)', async () => {
    const streams = stubEventSource();
    const { setItems } = feedServer([notification(1)]);
    const view = renderApp('/help');
    expect(await badgeLink('Notifications, 1 unread')).toBeInTheDocument();
    const [source] = streams('/api/feed/events');
    setItems([notification(2), notification(1)]);
    source.change();
    expect(await badgeLink('Notifications, 2 unread')).toBeInTheDocument();
    // A tab in the background holds no stream (the browser's connections are few); shown
    // again, it listens again.
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    expect(source.closed).toBe(true);
    visibility.mockReturnValue('visible');
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    const reopened = streams('/api/feed/events');
    expect(reopened).toHaveLength(2);
    view.unmount();
    expect(reopened[1].closed).toBe(true);
    visibility.mockRestore();
    vi.unstubAllGlobals();
  });

  it('a first page that failed with a 4xx (not retried) is fetched again at the next poll', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const item = notification(1);
    let pageCalls = 0;
    feedServer([item], {
      'GET /api/feed': () => {
        pageCalls += 1;
        if (pageCalls === 1) return apiError(429, 'Too many requests');
        return json({
          items: [item],
          totalCount: 1,
          unreadCount: 1,
          totalPages: 1,
          currentPage: 0,
        });
      },
    });
    renderApp('/help');
    expect(await badgeLink('Notifications, 1 unread')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(FEED_POLL_MS);
    await waitFor(() => expect(pageCalls).toBeGreaterThanOrEqual(2));
  });

  it('CACHE-02 CONST-10: polls at the stale time (20 s), not in the background, and slowly after a refused token', () => {
    const options = feedCountsQuery(TOKEN);
    expect(options.refetchIntervalInBackground).toBe(false);
    const query = (error: unknown) =>
      ({ state: { error } }) as unknown as Parameters<typeof feedPollInterval>[0];
    expect(feedPollInterval(query(null))).toBe(FEED_POLL_MS);
    expect(FEED_POLL_MS).toBe(20_000);
    expect(feedPollInterval(query(new ApiError(500, null)))).toBe(FEED_POLL_MS);
    expect(feedPollInterval(query(new ApiError(403, null)))).toBe(FEED_REFUSED_POLL_MS);
    expect(FEED_REFUSED_POLL_MS).toBeGreaterThan(FEED_POLL_MS);
    // A renewed token (each GET /auth/me hands out one) is the same query: no refetch while fresh.
    expect(feedCountsQuery('renewed').queryKey).toEqual(options.queryKey);
    expect(feedCountsQuery(null).enabled).toBe(false);
  });
});

describe('feed kinds', () => {
  it('NOTIF-04 INVITE-12: quote, invitation and purchase donor items open the modal; others do not', () => {
    expect(asPendingInvitation(feedItem('case-quote'))?.kind).toBe('case-quote');
    expect(asPendingInvitation(feedItem('case-invitation'))?.caseId).toBe(1001);
    expect(
      asPendingInvitation(feedItem('case-donor-invitation', { caseType: 'BUYING', caseId: 2 }))
        ?.caseType,
    ).toBe('BUYING');
    expect(asPendingInvitation(feedItem('case-donor-invitation'))).toBeNull();
    expect(asPendingInvitation(feedItem('case-notification'))).toBeNull();
    expect(asPendingInvitation(feedItem('case-quote', { caseId: null }))).toBeNull();
  });

  it('the newest pending item wins, skipping dismissed ones', () => {
    const a = feedItem('case-notification');
    const b = feedItem('case-quote');
    const c = feedItem('case-invitation');
    expect(newestPendingInvitation([a, b, c])?.item.id).toBe(b.id);
    expect(newestPendingInvitation([a, b, c], new Set([b.id]))?.item.id).toBe(c.id);
    expect(newestPendingInvitation([a])).toBeNull();
  });
});
