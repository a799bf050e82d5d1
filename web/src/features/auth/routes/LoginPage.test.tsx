import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RELEASE_VERSION } from '../../../lib/release';
import { apiError, json, mockFetch, noContent } from '../../../test/fetchMock';
import { renderApp } from '../../../test/renderApp';

function anonymousServer(extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/auth/verify': () => json({ isLoggedIn: false }),
    'GET /version': () => json({ version: RELEASE_VERSION }),
    'POST /api/auth': () => noContent(),
    ...extra,
  });
}

async function openLogin(path = '/login') {
  const utils = renderApp(path);
  await screen.findByRole('heading', { name: 'Welcome back' });
  return utils;
}

describe('/login', () => {
  it('AUTH-01 AUTH-02 AUTH-03 AUTH-05: title, e-mail field, no password, link to sign up', async () => {
    anonymousServer();
    await openLogin();
    expect(screen.getByLabelText(/Email address/)).toBeInTheDocument();
    expect(document.querySelector('input[type=password]')).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Sign up' })[0]).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
  });

  it("VAL-01: empty e-mail → 'Email address is required' and no request", async () => {
    const { calls } = anonymousServer();
    await openLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Email address is required')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/auth')).toBe(false);
  });

  it.each(['abc', 'a@b'])("VAL-02: '%s' → 'Must include @'", async (value) => {
    anonymousServer();
    await openLogin();
    await userEvent.type(screen.getByLabelText(/Email address/), value);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Must include @')).toBeInTheDocument();
  });

  it('AUTH-06 AUTH-11 VAL-03 CALLS-40: sends the lower-cased address and redirectTo, then shows Check your inbox', async () => {
    const { calls } = anonymousServer();
    await openLogin('/login?redirectTo=%2Fhelp');
    await userEvent.type(screen.getByLabelText(/Email address/), 'Foo.Bar@Example.COM');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument();
    expect(screen.getByText('foo.bar@example.com')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/auth');
    expect(JSON.parse(post!.body!)).toEqual({
      username: 'foo.bar@example.com',
      redirectTo: '/help',
    });
    expect(post!.request.headers.get('content-type')).toBe('application/json');
  });

  // `/` forwards to /remortgaging (the default) unless all the user's cases are purchases.
  it('AUTH-14 CONST-18: without redirectTo the login asks to return to the home list (/)', async () => {
    const { calls } = anonymousServer();
    await openLogin();
    await userEvent.type(screen.getByLabelText(/Email address/), 'a@b.co');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Check your inbox' });
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/auth');
    expect(JSON.parse(post!.body!).redirectTo).toBe('/');
  });

  it("AUTH-07 AUTH-08: 'Try again' goes back to the form; 'Sign up' is offered", async () => {
    anonymousServer();
    await openLogin();
    await userEvent.type(screen.getByLabelText(/Email address/), 'a@b.co');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Check your inbox' });
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    await userEvent.click(screen.getByRole('link', { name: 'Try again' }));
    expect(screen.getByLabelText(/Email address/)).toHaveValue('');
  });

  it("AUTH-04: the button reads 'Submitting...' and is disabled while busy", async () => {
    let release!: () => void;
    anonymousServer({
      'POST /api/auth': () => new Promise<Response>((r) => (release = () => r(noContent()))),
    });
    await openLogin();
    await userEvent.type(screen.getByLabelText(/Email address/), 'a@b.co');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const busy = await screen.findByRole('button', { name: 'Submitting...' });
    expect(busy).toBeDisabled();
    release();
    await screen.findByRole('heading', { name: 'Check your inbox' });
  });

  it("AUTH-09 ERR-13: a failed request → 'Well this is awkward...' with a refresh link", async () => {
    anonymousServer({ 'POST /api/auth': () => apiError(500) });
    await openLogin();
    await userEvent.type(screen.getByLabelText(/Email address/), 'a@b.co');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Well this is awkward...')).toBeInTheDocument();
    expect(screen.getByText('We are having trouble authorizing your account')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Refresh the page' })).toBeInTheDocument();
  });

  it('a rate limit (429) is explained in place with the server message', async () => {
    anonymousServer({
      'POST /api/auth': () => apiError(429, 'Too many requests, try again later'),
    });
    await openLogin();
    await userEvent.type(screen.getByLabelText(/Email address/), 'a@b.co');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Too many requests, try again later')).toBeInTheDocument();
  });

  it('AUTH-12 AUTH-10 AUTH-16 ERR-01: Hang tight, then a failed magic link lands on /login with the message instead of the intro', async () => {
    let fail!: () => void;
    const { calls } = anonymousServer({
      'POST /api/auth/magic-link': () =>
        new Promise<Response>((r) => (fail = () => r(apiError(401)))),
      'POST /api/auth/logout': () => noContent(),
    });
    const { router } = renderApp('/login/auth?token=bogus&redirectTo=%2Fhelp');
    expect(await screen.findByText('Hang tight')).toBeInTheDocument();
    expect(screen.getByText('We are just checking your credentials...')).toBeInTheDocument();
    await waitFor(() => expect(fail).toBeTypeOf('function'));
    fail();
    expect(
      await screen.findByText(
        'Sorry, your magic link has expired, please enter your email address to login.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirectTo: '/help' });
    expect(screen.queryByText(/we will send you a link/)).toBeNull();
    // AUTH-27: no session check on /login/auth.
    expect(calls.some((c) => c.path === '/api/auth/verify')).toBe(false);
  });

  it("AUTH-16: after a failed link, 'E-mail me a new link' renews it in one click", async () => {
    const { calls } = anonymousServer({
      'POST /api/auth/magic-link': () => apiError(401),
      'POST /api/auth/logout': () => noContent(),
      'POST /api/auth/magic-link/renew': () => noContent(),
    });
    renderApp('/login/auth?token=stale&redirectTo=%2Fhelp');
    await userEvent.click(await screen.findByRole('button', { name: 'E-mail me a new link' }));
    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'We have sent a new link to the address the old one went to. Open it on this device to continue.',
      ),
    ).toBeInTheDocument();
    const renew = calls.find((c) => c.path === '/api/auth/magic-link/renew')!;
    expect(JSON.parse(renew.body!)).toEqual({ token: 'stale' });
  });

  it("AUTH-01: /login opened directly offers no 'E-mail me a new link'", async () => {
    anonymousServer();
    await openLogin();
    expect(screen.queryByRole('button', { name: 'E-mail me a new link' })).toBeNull();
  });

  it("ERR-02: a failed magic link is reported as 'Authentication failed', never shown", async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    anonymousServer({
      'POST /api/auth/magic-link': () => apiError(401),
      'POST /api/auth/logout': () => noContent(),
    });
    renderApp('/login/auth?token=bogus');
    await screen.findByText(
      'Sorry, your magic link has expired, please enter your email address to login.',
    );
    const reported = errors.mock.calls.flat().filter((arg) => arg instanceof Error);
    expect(reported.map((e) => (e as Error).message)).toContain('Authentication failed');
    expect(screen.queryByText(/Authentication failed/)).toBeNull();
    errors.mockRestore();
  });

  it('AUTH-15 AUTH-25: a good link validates, loads the profile and goes to redirectTo', async () => {
    const { calls } = mockFetch({
      'POST /api/auth/magic-link': () => noContent(),
      'GET /api/auth/me': () =>
        json({
          id: 'u1',
          role: 'ROLE_USER',
          enabledFeatures: [],
          isLender: false,
          knockToken: null,
          privacyVersion: 2,
          termsVersion: 2,
          user: { preferredName: 'Ann', email: 'ann@example.com', isOnboarded: true },
        }),
      'GET /api/policies/current': () => json({}),
      'GET /version': () => json({ version: RELEASE_VERSION }),
    });
    const { router } = renderApp('/login/auth?token=good&redirectTo=%2Fhelp');
    expect(await screen.findByRole('heading', { name: 'Help' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/help');
    const order = calls
      .filter((c) => c.path.startsWith('/api/auth'))
      .map((c) => `${c.method} ${c.path}`);
    expect(order.slice(0, 2)).toEqual(['POST /api/auth/magic-link', 'GET /api/auth/me']);
    // The token travels in the body of a same-origin POST, never in an API address.
    const redeem = calls.find((c) => c.path === '/api/auth/magic-link')!;
    expect(JSON.parse(redeem.body!)).toEqual({ token: 'good' });
    expect(redeem.request.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(calls.some((c) => c.path.includes('good'))).toBe(false);
  });
});
