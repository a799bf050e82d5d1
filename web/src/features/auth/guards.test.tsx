import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Me } from '../../lib/api/types';
import { RELEASE_VERSION } from '../../lib/release';
import { apiError, json, mockFetch, noContent, type Handler } from '../../test/fetchMock';
import { buyItem, overviews, page } from '../../test/cases';
import { makeMe, POLICIES } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { onboardingRedirect, protectedRedirect } from './guards';

function server(me: Me | null, extra: Record<string, Handler> = {}) {
  return mockFetch({
    'GET /api/auth/verify': () => json({ isLoggedIn: me !== null }),
    'GET /api/auth/me': () => (me ? json(me) : apiError(401)),
    'GET /api/policies/current': () => json(POLICIES),
    'GET /version': () => json({ version: RELEASE_VERSION }),
    'POST /api/auth/logout': () => noContent(),
    ...extra,
  });
}

describe('guard functions', () => {
  it('SHELL-02: unauthenticated → /login keeping redirectTo', () => {
    expect(protectedRedirect('anonymous', '/help?x=1')).toEqual({
      to: '/login',
      search: { redirectTo: '/help?x=1' },
    });
  });
  it('SHELL-03: not onboarded → /about-you keeping redirectTo', () => {
    expect(protectedRedirect('onboarding', '/help')).toEqual({
      to: '/about-you',
      search: { redirectTo: '/help' },
    });
  });
  it('signed in → no redirect; /about-you needs only a session', () => {
    expect(protectedRedirect('signedIn', '/help')).toBeNull();
    expect(onboardingRedirect('onboarding', '/about-you')).toBeNull();
    expect(onboardingRedirect('anonymous', '/about-you')).toEqual({
      to: '/login',
      search: { redirectTo: '/about-you' },
    });
  });
});

describe('layouts and guards in the router', () => {
  it.each(['/help', '/settings', '/buying/12/deposit', '/remortgaging?page=2'])(
    'SHELL-02 SHELL-17: anonymous %s → /login?redirectTo=<path+search>',
    async (path) => {
      server(null);
      const { router } = renderApp(path);
      await screen.findByRole('heading', { name: 'Welcome back' });
      expect(router.state.location.pathname).toBe('/login');
      expect(router.state.location.search).toEqual({ redirectTo: path });
    },
  );

  it('SHELL-04: anonymous / → /login?redirectTo=/', async () => {
    server(null);
    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(router.state.location.search).toEqual({ redirectTo: '/' });
  });

  it('SHELL-03 AUTH-25: a user who is not onboarded goes to /about-you?redirectTo=…', async () => {
    server(makeMe({}, { isOnboarded: false }));
    const { router } = renderApp('/help');
    await screen.findByRole('heading', { name: 'About you' });
    expect(router.state.location.pathname).toBe('/about-you');
    expect(router.state.location.search).toEqual({ redirectTo: '/help' });
  });

  it('SHELL-04 CONST-18: a signed-in user at / lands on /remortgaging', async () => {
    server(makeMe());
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Remortgaging Cases' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/remortgaging');
  });

  it('AUTH-13: a signed-in user on /login/auth goes straight to redirectTo without a link check', async () => {
    const { calls } = server(makeMe());
    const { router, session } = renderApp('/help');
    await screen.findByRole('heading', { name: 'Help' });
    await router.navigate({ to: '/login/auth', search: { redirectTo: '/settings' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(calls.some((c) => c.path.startsWith('/api/auth/magic-link'))).toBe(false);
    expect(session.getSnapshot().matches({ authenticated: 'signedIn' })).toBe(true);
  });

  it('a signed-in user visiting /login is sent on to redirectTo', async () => {
    server(makeMe());
    const { router } = renderApp('/login?redirectTo=%2Fhelp');
    await screen.findByRole('heading', { name: 'Help' });
    expect(router.state.location.pathname).toBe('/help');
  });

  it('redirectTo never leaves the site', async () => {
    server(makeMe());
    const { router } = renderApp('/login?redirectTo=%2F%2Fevil.example');
    await screen.findByRole('heading', { name: 'Remortgaging Cases' });
    expect(router.state.location.pathname).toBe('/remortgaging');
  });

  it('FLAG-01: /buying without the BUYING feature says why, and stays', async () => {
    server(makeMe());
    const { router } = renderApp('/buying');
    await screen.findByRole('heading', { name: 'Buying is not available' });
    expect(router.state.location.pathname).toBe('/buying');
  });

  it('issue 15: a customer whose only case is a purchase lands on /buying from /', async () => {
    server(makeMe({ enabledFeatures: ['BUYING'] }), {
      'GET /api/case-overviews': () => json(overviews(0, 1)),
      'GET /api/buying/cases': () => json(page([buyItem()])),
    });
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Buying Cases' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/buying');
  });

  it('issue 15: onboarding without a redirectTo ends on the home list', async () => {
    const me = makeMe({ enabledFeatures: ['BUYING'] }, { isOnboarded: false });
    server(me, {
      'POST /api/users/user-1': () =>
        json({ ...me.user, isOnboarded: true, firstName: 'A', surname: 'B' }),
      'GET /api/case-overviews': () => json(overviews(0, 1)),
      'GET /api/buying/cases': () => json(page([buyItem()])),
    });
    const { router } = renderApp('/login/auth');
    await screen.findByRole('heading', { name: 'About you' });
    expect(router.state.location.search).toEqual({ redirectTo: '/' });
  });

  it('AUTH-32 ERR-05: a 401 whose refresh fails logs out to /login with the message', async () => {
    let refused = false;
    const me = makeMe();
    server(me, {
      'GET /api/auth/sessions': () => apiError(401),
      'GET /api/auth/me': () => (refused ? apiError(401) : json(me)),
      'POST /api/auth/refresh': () => {
        refused = true;
        return apiError(401);
      },
    });
    const { router, calls } = { ...renderApp('/settings'), calls: [] };
    void calls;
    expect(await screen.findByText('Please log in again to continue.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toEqual({ redirectTo: '/settings' });
  });

  it('AUTH-29: a 401 whose refresh succeeds retries and the page carries on', async () => {
    let n = 0;
    const { calls } = server(makeMe(), {
      'GET /api/auth/sessions': () =>
        ++n === 1
          ? apiError(401)
          : json({
              sessions: [
                {
                  id: 's1',
                  createdAt: '2026-01-05T10:00:00Z',
                  lastUsedAt: '2026-01-05T10:00:00Z',
                  userAgent: null,
                  current: true,
                },
              ],
            }),
      'POST /api/auth/refresh': () => noContent(),
    });
    renderApp('/settings');
    expect(await screen.findByText('This device')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/auth/refresh')).toHaveLength(1);
  });

  it('AUTH-29: a refresh refused because another tab rotated the cookies first carries on', async () => {
    // The other tab's refresh retired the token this one sent; the browser holds its new
    // cookies, so the session is still good and the page retries with them.
    let n = 0;
    const { calls } = server(makeMe(), {
      'GET /api/auth/sessions': () => (++n === 1 ? apiError(401) : json({ sessions: [] })),
      'POST /api/auth/refresh': () => apiError(401),
    });
    const { router } = renderApp('/settings');
    await waitFor(() => expect(n).toBe(2));
    expect(calls.filter((c) => c.path === '/api/auth/refresh')).toHaveLength(1);
    expect(screen.queryByText('Please log in again to continue.')).toBeNull();
    expect(router.state.location.pathname).toBe('/settings');
  });

  it('SHELL-15 ERR-21: unknown paths show the 404 page', async () => {
    server(makeMe());
    renderApp('/no-such-page');
    expect(
      await screen.findByText("Oh dear, it looks like the page you're looking for doesn't exist."),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute(
      'href',
      'mailto:support@threshold.example',
    );
  });
});
