import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONSENT_COOKIE, ConsentProvider, useConsent } from '../features/consent';
import { apiError, json, noContent } from '../test/fetchMock';
import { renderApp } from '../test/renderApp';
import { resetAnalyticsForTests, trackPageView } from '../lib/analytics';
import { DEFAULT_RUNTIME_CONFIG, setRuntimeConfig } from '../lib/config';
import { RELEASE_VERSION } from '../lib/release';
import { installNetwork, type Network } from '../test/network';

const POSTHOG_HOST = 'https://ph.example.test';
const KEY = 'phc_test_key';

let network: Network;

beforeAll(() => {
  // Before posthog-js loads: it keeps the fetch it finds.
  network = installNetwork();
});

beforeEach(() => {
  network.sent.length = 0;
  network.routes = {
    'GET /api/auth/verify': () => json({ isLoggedIn: false }),
    'GET /version': () => json({ version: RELEASE_VERSION }),
    'POST /api/auth': () => noContent(),
    'POST /api/auth/magic-link': () => apiError(401),
    'POST /api/auth/logout': () => noContent(),
  };
  document.cookie = `${CONSENT_COOKIE}=; Max-Age=0; Path=/`;
});

afterEach(() => {
  resetAnalyticsForTests();
  window.history.replaceState(null, '', '/');
});

function giveConsent(analytics: boolean) {
  document.cookie = `${CONSENT_COOKIE}=${encodeURIComponent(JSON.stringify({ analytics }))}; Path=/`;
}

const config = { posthogKey: KEY, posthogHost: POSTHOG_HOST };

interface PosthogEvent {
  event: string;
  properties: Record<string, unknown>;
}

/** Every event that reached the PostHog host, with the raw body it came in. */
function posthogEvents(): (PosthogEvent & { raw: string })[] {
  return network.sent
    .filter((r) => r.url.origin === POSTHOG_HOST)
    .flatMap((r) => {
      const data = JSON.parse(r.body) as PosthogEvent | PosthogEvent[] | { batch: PosthogEvent[] };
      const list = Array.isArray(data) ? data : 'batch' in data ? data.batch : [data];
      return list.map((e) => ({ ...e, raw: r.body }));
    });
}

const pageViews = () => posthogEvents().filter((e) => e.event === '$pageview');

describe('analytics (PostHog) at the network boundary', () => {
  it('CONSENT-05: with a key but no consent given, nothing goes to PostHog', async () => {
    renderApp('/login', config);
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(screen.getByRole('dialog', { name: 'Cookies on Threshold' })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 300));
    expect(network.sent).toEqual([]);
  });

  it('CONSENT-05: analytics refused, nothing goes to PostHog', async () => {
    giveConsent(false);
    renderApp('/login', config);
    await screen.findByRole('heading', { name: 'Welcome back' });
    await new Promise((r) => setTimeout(r, 300));
    expect(network.sent).toEqual([]);
  });

  it('with consent but no key configured, nothing is sent anywhere', async () => {
    giveConsent(true);
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Welcome back' });
    await new Promise((r) => setTimeout(r, 300));
    expect(network.sent).toEqual([]);
  });

  it('CONSENT-04 CONSENT-07: with consent, /login/auth sends a login_auth page view without the token', async () => {
    giveConsent(true);
    // What the browser's address bar would hold (PostHog reads it for $current_url).
    window.history.replaceState(
      null,
      '',
      '/login/auth?token=secret-magic-token&redirectTo=%2Fhelp',
    );
    renderApp('/login/auth?token=secret-magic-token&redirectTo=%2Fhelp', config);
    await waitFor(() =>
      expect(pageViews().map((e) => e.properties.page_name)).toContain('login_auth'),
    );
    const view = pageViews().find((e) => e.properties.page_name === 'login_auth')!;
    const request = network.sent.find((r) => r.body === view.raw)!;
    expect(request.url.origin).toBe(POSTHOG_HOST);
    expect(view.properties.token).toBe(KEY);
    expect(view.properties.$current_url).toBe('http://localhost:3000/login/auth');
    for (const sent of network.sent) {
      expect(sent.body).not.toContain('secret-magic-token');
      expect(sent.url.href).not.toContain('secret-magic-token');
    }
    // Only capture calls: no feature flags, remote config or scripts fetched (the CSP forbids them).
    const capturePaths = ['/e/', '/i/v0/e/', '/batch/'];
    expect(network.sent.every((r) => capturePaths.includes(r.url.pathname))).toBe(true);
    expect(document.querySelectorAll('script')).toHaveLength(0);
    // Only page views: no autocapture, no automatic $pageview without a page name.
    expect(posthogEvents().every((e) => e.event === '$pageview' && e.properties.page_name)).toBe(
      true,
    );
    // The failed link goes on to /login: its own page view.
    await waitFor(() => expect(pageViews().map((e) => e.properties.page_name)).toContain('login'));
  });

  it('CONSENT-07: a 404 sends not_found', async () => {
    giveConsent(true);
    renderApp('/no/such/page', config);
    await screen.findByRole('heading', { name: 'Not found' });
    await waitFor(() =>
      expect(pageViews().map((e) => e.properties.page_name)).toEqual(['not_found']),
    );
  });

  it('CONSENT-04: Accept all in the dialog starts page views with the page on screen', async () => {
    renderApp('/login', config);
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(network.sent).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Accept all' }));
    await waitFor(() => expect(pageViews().map((e) => e.properties.page_name)).toEqual(['login']));
  });

  it('withdrawing consent opts PostHog out and stops events', async () => {
    giveConsent(true);
    setRuntimeConfig({ ...DEFAULT_RUNTIME_CONFIG, ...config });
    function Settings() {
      const { reopen, analytics } = useConsent();
      return (
        <>
          <p>{`analytics=${analytics}`}</p>
          <button type="button" onClick={reopen}>
            Cookie settings
          </button>
          <button type="button" onClick={() => trackPageView('settings', '/settings')}>
            Visit settings
          </button>
          <button type="button" onClick={() => trackPageView('help', '/help')}>
            Visit help
          </button>
        </>
      );
    }
    render(
      <ConsentProvider>
        <Settings />
      </ConsentProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Visit settings' }));
    await waitFor(() =>
      expect(pageViews().map((e) => e.properties.page_name)).toEqual(['settings']),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Cookie settings' }));
    const analyticsSwitch = screen.getByRole('switch', { name: 'Analytics cookies' });
    expect(analyticsSwitch).toBeChecked();
    await userEvent.click(analyticsSwitch);
    await userEvent.click(screen.getByRole('button', { name: 'Accept selected' }));
    expect(screen.getByText('analytics=false')).toBeInTheDocument();
    // PostHog itself is opted out (its own record of it), not just our switch.
    expect(localStorage.getItem(`__ph_opt_in_out_${KEY}`)).toBe('0');

    const before = network.sent.length;
    await userEvent.click(screen.getByRole('button', { name: 'Visit help' }));
    await new Promise((r) => setTimeout(r, 300));
    expect(network.sent.length).toBe(before);
  });
});
