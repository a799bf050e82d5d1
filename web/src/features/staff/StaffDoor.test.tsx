import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RELEASE_VERSION } from '../../lib/release';
import { apiError, json, mockFetch, noContent, type Handler } from '../../test/fetchMock';
import { makeMe, POLICIES } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { CONVEYANCER, queueItem, staffServer } from '../../test/staff';
import { STAFF_TEXTS } from './texts';

const LOGIN_AGAIN = 'Please log in again to continue.';

function anonymousServer(extra: Record<string, Handler> = {}) {
  return mockFetch({
    'GET /api/auth/verify': () => json({ isLoggedIn: false }),
    'GET /version': () => json({ version: RELEASE_VERSION }),
    'POST /api/auth': () => noContent(),
    ...extra,
  });
}

/** The server after a good magic link: `me` signs in. */
function linkServer(me = CONVEYANCER, extra: Record<string, Handler> = {}) {
  return staffServer(me, {
    'GET /api/auth/verify': () => json({ isLoggedIn: false }),
    'POST /api/auth/magic-link': () => noContent(),
    ...extra,
  });
}

const logouts = (calls: { method: string; path: string }[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === '/api/auth/logout');

describe('/staff/login — the back office door', () => {
  it("'Threshold back office': e-mail only, the customer form's validation, no sign-up", async () => {
    const { calls } = anonymousServer();
    renderApp('/staff/login');
    expect(
      await screen.findByRole('heading', { level: 1, name: STAFF_TEXTS.title }),
    ).toBeInTheDocument();
    expect(document.querySelector('input[type=password]')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Sign up' })).toBeNull();
    // The frame is the back office's: no customer navigation.
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByText('Email address is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Email address/), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByText('Must include @')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/auth')).toBe(false);
  });

  it("sends the lower-cased address with redirectTo /staff, then 'Check your inbox'", async () => {
    const { calls } = anonymousServer();
    renderApp('/staff/login');
    await userEvent.type(await screen.findByLabelText(/Email address/), 'Connie@Threshold.Example');
    await userEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument();
    expect(screen.getByText('connie@threshold.example')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/auth');
    expect(JSON.parse(post!.body!)).toEqual({
      username: 'connie@threshold.example',
      redirectTo: '/staff',
    });
  });

  it('keeps a /staff redirectTo, but never sends the link anywhere else', async () => {
    const { calls } = anonymousServer();
    const { router } = renderApp('/staff/login?redirectTo=%2Fstaff%2Fcases%2Fbuying%2F7');
    await userEvent.type(await screen.findByLabelText(/Email address/), 'a@b.co');
    await userEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    await screen.findByRole('heading', { name: 'Check your inbox' });
    await router.navigate({ to: '/staff/login', search: { redirectTo: '/help' } });
    await userEvent.click(await screen.findByRole('link', { name: 'Try again' }));
    await userEvent.type(screen.getByLabelText(/Email address/), 'a@b.co');
    await userEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    await screen.findByRole('heading', { name: 'Check your inbox' });
    const posts = calls.filter((c) => c.method === 'POST' && c.path === '/api/auth');
    expect(posts.map((p) => JSON.parse(p.body!).redirectTo)).toEqual([
      '/staff/cases/buying/7',
      '/staff',
    ]);
  });

  it('an anonymous visitor to /staff goes to the door, keeping where they were going', async () => {
    anonymousServer();
    const { router } = renderApp('/staff?caseType=BUYING');
    await screen.findByRole('heading', { name: STAFF_TEXTS.title });
    expect(router.state.location.pathname).toBe('/staff/login');
    expect(router.state.location.search).toEqual({ redirectTo: '/staff?caseType=BUYING' });
  });
});

describe('staff roles and the session (ROLES-04/05 still hold for the customer app)', () => {
  it.each(['ROLE_CONVEYANCER', 'ROLE_ADMIN'] as const)(
    'a %s following a /staff link lands on /staff and is NOT logged out',
    async (role) => {
      const { calls } = linkServer(makeMe({ ...CONVEYANCER, role }, CONVEYANCER.user));
      const { router } = renderApp('/login/auth?token=good&redirectTo=%2Fstaff');
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Work queue' }),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/staff');
      expect(screen.getByText('Connie Conveyancer')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
      expect(logouts(calls)).toHaveLength(0);
      expect(screen.queryByText(LOGIN_AGAIN)).toBeNull();
    },
  );

  it("a conveyancer following a customer link is still told 'Please log in again to continue.' and logged out", async () => {
    const { calls } = linkServer();
    const { router } = renderApp('/login/auth?token=good&redirectTo=%2Fhelp');
    expect(await screen.findByText(LOGIN_AGAIN)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(logouts(calls)).toHaveLength(1);
  });

  it('a conveyancer whose session is checked on a customer route is logged out, as before', async () => {
    const { calls } = staffServer();
    const { router } = renderApp('/help');
    expect(await screen.findByText(LOGIN_AGAIN)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(logouts(calls)).toHaveLength(1);
  });

  it('a conveyancer signed in on /staff who opens a customer route is logged out there', async () => {
    const { calls } = staffServer();
    const { router } = renderApp('/staff');
    await screen.findByRole('heading', { level: 1, name: 'Work queue' });
    expect(logouts(calls)).toHaveLength(0);
    await router.navigate({ to: '/' });
    expect(await screen.findByText(LOGIN_AGAIN)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(logouts(calls)).toHaveLength(1);
  });

  it('a failed /staff link goes back to the back office door with the expired-link message', async () => {
    anonymousServer({
      'POST /api/auth/magic-link': () => apiError(401),
      'POST /api/auth/logout': () => noContent(),
    });
    const { router } = renderApp('/login/auth?token=used&redirectTo=%2Fstaff');
    expect(
      await screen.findByText(
        'Sorry, your magic link has expired, please enter your email address to login.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/login'));
    expect(screen.getByRole('heading', { name: STAFF_TEXTS.title })).toBeInTheDocument();
  });

  it.each([
    ['a customer', makeMe()],
    ['a broker', makeMe({ role: 'ROLE_BROKER' })],
  ])('%s opening /staff is told the area is not theirs, with a link home', async (_, me) => {
    const { calls } = staffServer(me, { 'GET /api/policies/current': () => json(POLICIES) });
    renderApp('/staff/cases/remortgaging/1001');
    expect(await screen.findByText(STAFF_TEXTS.notStaff)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your cases' })).toHaveAttribute('href', '/');
    expect(calls.some((c) => c.path.startsWith('/api/staff'))).toBe(false);
    expect(logouts(calls)).toHaveLength(0);
  });

  it("'Sign out' ends the session and comes back to the door", async () => {
    const { calls } = staffServer();
    const { router } = renderApp('/staff');
    await screen.findByRole('heading', { level: 1, name: 'Work queue' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await screen.findByRole('heading', { name: STAFF_TEXTS.title });
    expect(router.state.location.pathname).toBe('/staff/login');
    expect(logouts(calls)).toHaveLength(1);
  });

  it('a 401 whose refresh fails (the 30-minute idle timeout) lands on /staff/login with the message', async () => {
    // The session is over: the refresh is refused, and the cookies are no good either.
    let over = false;
    staffServer(CONVEYANCER, {
      'GET /api/staff/cases': () => apiError(401),
      'GET /api/auth/me': () => (over ? apiError(401) : json(CONVEYANCER)),
      'POST /api/auth/refresh': () => {
        over = true;
        return apiError(401);
      },
    });
    const { router } = renderApp('/staff?assignee=me');
    expect(await screen.findByText(LOGIN_AGAIN)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/staff/login');
    expect(router.state.location.search).toEqual({ redirectTo: '/staff?assignee=me' });
  });

  it('a 401 whose refresh works retries and the queue carries on', async () => {
    let n = 0;
    const { calls } = staffServer(CONVEYANCER, {
      'GET /api/staff/cases': () =>
        ++n === 1 ? apiError(401) : json({ items: [queueItem()], totalCount: 1 }),
      'POST /api/auth/refresh': () => noContent(),
    });
    renderApp('/staff');
    expect(await screen.findByText('Showing 1 of 1 case(s)')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/auth/refresh')).toHaveLength(1);
  });

  it('an unknown /staff address is the 404 page, leading back to the queue', async () => {
    staffServer();
    renderApp('/staff/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute(
      'href',
      '/staff',
    );
  });
});
