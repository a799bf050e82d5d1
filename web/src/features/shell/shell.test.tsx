import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '../../lib/api/types';
import { json, mockFetch, noContent, type Handler } from '../../test/fetchMock';
import { makeMe, POLICIES, signedInServer } from '../../test/fixtures';
import { RELEASE_VERSION } from '../../lib/release';
import { renderApp } from '../../test/renderApp';
import { stubViewport } from '../../test/viewport';

const SESSIONS = {
  sessions: [
    {
      id: 'current',
      createdAt: '2026-03-05T09:00:00Z',
      lastUsedAt: '2026-03-05T09:30:00Z',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36',
      current: true,
    },
    {
      id: 'other',
      createdAt: '2026-03-01T09:00:00Z',
      lastUsedAt: '2026-03-02T09:30:00Z',
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1',
      current: false,
    },
  ],
};

function server(me: Me, extra: Record<string, Handler> = {}) {
  return signedInServer(me, {
    'GET /api/auth/sessions': () => json(SESSIONS),
    'DELETE /api/auth/sessions/other': () => noContent(),
    'POST /api/auth/logout': () => noContent(),
    'POST /api/auth/logout-all': () => noContent(),
    ...extra,
  });
}

async function nav() {
  const navigation = await screen.findByRole('navigation', { name: 'Main navigation' });
  return within(navigation);
}

describe('protected layout', () => {
  it('SHELL-05 SHELL-07 SHELL-09 SHELL-10 SHELL-11: customer navigation', async () => {
    server(makeMe());
    renderApp('/remortgaging');
    const n = await nav();
    expect(n.getByRole('link', { name: 'Remortgaging' })).toHaveAttribute('href', '/remortgaging');
    expect(n.getByRole('link', { name: 'Documents' })).toHaveAttribute('href', '/documents');
    expect(n.getByRole('link', { name: 'Notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );
    expect(n.getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/help');
    expect(n.getByRole('link', { name: /Ann.*ann@example\.com/ })).toHaveAttribute(
      'href',
      '/settings',
    );
    expect(n.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(n.queryByRole('link', { name: 'Buying' })).toBeNull();
  });

  it('SHELL-06 FLAG-01: Buying only with the BUYING feature', async () => {
    server(makeMe({ enabledFeatures: ['BUYING'] }));
    renderApp('/buying');
    expect(await screen.findByRole('heading', { name: 'Buying Cases' })).toBeInTheDocument();
    expect((await nav()).getByRole('link', { name: 'Buying' })).toHaveAttribute('href', '/buying');
  });

  it.each(['ROLE_BROKER', 'ROLE_BROKER_MANAGER', 'ROLE_BROKER_ADMIN'] as const)(
    'SHELL-07 ROLES-06: Documents is hidden for %s',
    async (role) => {
      server(makeMe({ role }));
      renderApp('/remortgaging');
      const n = await nav();
      expect(n.getByRole('link', { name: 'Remortgaging' })).toBeInTheDocument();
      expect(n.queryByRole('link', { name: 'Documents' })).toBeNull();
    },
  );

  it('SHELL-14: footer links to the privacy policy and terms of service', async () => {
    server(makeMe());
    renderApp('/help');
    const footer = within(await screen.findByRole('contentinfo'));
    expect(footer.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      '/legal/privacy-policy.html',
    );
    expect(footer.getByRole('link', { name: 'Terms of service' })).toHaveAttribute(
      'href',
      '/legal/terms-of-service.html',
    );
  });

  it("the footer's 'Cookie settings' reopens the cookie choice, to withdraw consent", async () => {
    document.cookie = `threshold_consent=${encodeURIComponent('{"analytics":true}')}; Path=/`;
    server(makeMe());
    renderApp('/help');
    const footer = within(await screen.findByRole('contentinfo'));
    expect(screen.queryByRole('switch', { name: 'Analytics cookies' })).toBeNull();
    await userEvent.click(footer.getByRole('button', { name: 'Cookie settings' }));
    expect(await screen.findByRole('switch', { name: 'Analytics cookies' })).toBeChecked();
    document.cookie = 'threshold_consent=; Max-Age=0; Path=/';
  });

  it.each([
    ['/remortgaging', 'Remortgaging Cases'],
    ['/documents', 'Documents'],
    ['/notifications', 'Notifications'],
    ['/help', 'Help'],
  ])('%s shows its heading (%s) and no invented data', async (path, heading) => {
    server(makeMe());
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('AUTH-33 SHELL-11: Logout calls /auth/logout and returns to /login', async () => {
    const { calls } = server(makeMe());
    const { router } = renderApp('/help');
    await userEvent.click((await nav()).getByRole('button', { name: 'Logout' }));
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(router.state.location.pathname).toBe('/login');
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/auth/logout')).toBe(true);
  });
});

describe('/settings', () => {
  it("SHELL-10 SHELL-17 SHELL-18: name, e-mail and sessions with 'This device'", async () => {
    server(makeMe());
    renderApp('/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByText('Ann')).toBeInTheDocument();
    expect(main.getByText('ann@example.com')).toBeInTheDocument();
    const list = within(await screen.findByRole('list', { name: 'Active sessions' }));
    expect(list.getByText('This device')).toBeInTheDocument();
    expect(list.getByText('Chrome on Linux')).toBeInTheDocument();
    expect(list.getByText('Safari on iOS')).toBeInTheDocument();
    expect(list.getAllByRole('button', { name: /Revoke/ })).toHaveLength(1);
  });

  it('SHELL-18 CALLS-67: revoking a session sends DELETE /auth/sessions/{id}', async () => {
    const { calls } = server(makeMe());
    renderApp('/settings');
    const revoke = await screen.findByRole('button', { name: /Revoke Safari on iOS/ });
    await userEvent.click(revoke);
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'DELETE' && c.path === '/api/auth/sessions/other'),
      ).toBe(true),
    );
  });

  it("SHELL-18 CALLS-44: 'Log out everywhere' calls /auth/logout-all and returns to /login", async () => {
    const { calls } = server(makeMe());
    const { router } = renderApp('/settings');
    await userEvent.click(await screen.findByRole('button', { name: 'Log out everywhere' }));
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(router.state.location.pathname).toBe('/login');
    expect(calls.some((c) => c.path === '/api/auth/logout-all')).toBe(true);
  });
});

describe('layouts by screen size', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('SHELL-12: on a phone the navigation is a drawer behind the menu button', async () => {
    stubViewport(375);
    server(makeMe());
    const { router } = renderApp('/remortgaging');
    const open = await screen.findByRole('button', { name: 'Open navigation' });
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
    await userEvent.click(open);
    const drawer = await nav();
    expect(drawer.getByRole('link', { name: 'Remortgaging' })).toBeInTheDocument();
    expect(drawer.getByRole('link', { name: 'Documents' })).toBeInTheDocument();
    await userEvent.click(drawer.getByRole('link', { name: 'Help' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/help'));
    await waitFor(() =>
      expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull(),
    );
  });

  it.each([
    [700, 64],
    [1000, 220],
    [1400, 220],
  ])('SHELL-13: at %i px the sidebar is %i px wide', async (width, expected) => {
    stubViewport(width);
    server(makeMe());
    renderApp('/remortgaging');
    const sidebar = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(screen.queryByRole('button', { name: 'Open navigation' })).toBeNull();
    expect(getComputedStyle(sidebar).width).toBe(`${expected}px`);
  });
});

describe('unauthenticated layout', () => {
  it.each([
    ['/login', 'Welcome back'],
    ['/signup', /Your name/],
    ['/login/auth?token=pending', 'Hang tight'],
  ] as const)('SHELL-01: %s shows its screen, stays, and has no navigation', async (path, mark) => {
    mockFetch({
      'GET /api/auth/verify': () => json({ isLoggedIn: false }),
      'GET /version': () => json({ version: RELEASE_VERSION }),
      'GET /api/policies/current': () => json(POLICIES),
      // The link check never answers: the page stays on its first screen.
      'POST /api/auth/magic-link': () => new Promise<Response>(() => {}),
    });
    const { router } = renderApp(path);
    if (typeof mark === 'string') expect(await screen.findByText(mark)).toBeInTheDocument();
    else expect(await screen.findByLabelText(mark)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path.split('?')[0]);
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
  });
});
