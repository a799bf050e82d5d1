import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { App } from './App';
import { createAppRouter } from './router';
import { checkOnLoad, requestRefresh, sessionMachine } from '../features/auth';
import { CONSENT_COOKIE } from '../features/consent';
import { apiError, json, noContent } from '../test/fetchMock';
import { TEST_API } from '../test/renderApp';
import { configureApi, setRefreshHandler } from '../lib/api/client';
import { ApiError } from '../lib/api/errors';
import { DEFAULT_RUNTIME_CONFIG, setRuntimeConfig, type RuntimeConfig } from '../lib/config';
import { reportError, reportFault } from '../lib/errorReporter';
import { createQueryClient } from '../lib/queryClient';
import { RELEASE_VERSION } from '../lib/release';
import { initSentry } from '../lib/sentry';
import { installNetwork, type Network } from '../test/network';

const DSN = 'https://publickey@sentry.example.test/42';
const CONFIG: RuntimeConfig = { ...DEFAULT_RUNTIME_CONFIG, release: '9.9.9', sentryDsn: DSN };
const SECRET = 'secret-magic-token';

let network: Network;

interface Item {
  header: { type: string };
  payload: Record<string, unknown>;
  raw: string;
  url: URL;
}

/** Every envelope item that reached the DSN's host. */
function items(): Item[] {
  return network.sent
    .filter((r) => r.url.origin === 'https://sentry.example.test')
    .flatMap((r) => {
      const lines = r.body.split('\n').filter((l) => l.trim() !== '');
      const out: Item[] = [];
      for (let i = 1; i + 1 < lines.length; i += 2) {
        out.push({
          header: JSON.parse(lines[i]) as Item['header'],
          payload: JSON.parse(lines[i + 1]) as Record<string, unknown>,
          raw: r.body,
          url: r.url,
        });
      }
      return out;
    });
}
const events = () => items().filter((i) => i.header.type === 'event');
const transactions = () => items().filter((i) => i.header.type === 'transaction');
const exceptionValues = () =>
  events().flatMap(
    (e) =>
      (e.payload.exception as { values: { value: string }[] }).values.map((v) => v.value) ?? [],
  );

/** The app as main.tsx starts it with a DSN: Sentry first (with the router), then the render. */
function startApp(path: string) {
  setRuntimeConfig(CONFIG);
  configureApi(TEST_API);
  const queryClient = createQueryClient();
  const session = createActor(
    sessionMachine.provide({ actions: { clearCache: () => queryClient.clear() } }),
  );
  session.start();
  setRefreshHandler(() => requestRefresh(session));
  checkOnLoad(session, new URL(path, 'http://localhost').pathname);
  const router = createAppRouter(
    { session, queryClient },
    createMemoryHistory({ initialEntries: [path] }),
  );
  initSentry(CONFIG, router);
  render(<App session={session} queryClient={queryClient} router={router} />);
  return router;
}

beforeAll(() => {
  // Before Sentry starts: its transport keeps the fetch it finds.
  network = installNetwork();
  network.routes = {
    'GET /api/auth/verify': () => json({ isLoggedIn: false }),
    'GET /version': () => json({ version: RELEASE_VERSION }),
    'POST /api/auth': () => noContent(),
    'POST /api/auth/magic-link': () => apiError(401),
    'POST /api/auth/logout': () => noContent(),
  };
  document.cookie = `${CONSENT_COOKIE}=${encodeURIComponent('{"analytics":false}')}; Path=/`;
});

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('error reporting (Sentry) at the network boundary', () => {
  // One app for the file: Sentry starts once per page.
  it('ERR-02 CONST-17: sign-in failure reported, page load and navigations traced, no token sent', async () => {
    // What the address bar holds (Sentry reads it for the request URL).
    window.history.replaceState(null, '', `/login/auth?token=${SECRET}`);
    const router = startApp(`/login/auth?token=${SECRET}`);
    await screen.findByText(
      'Sorry, your magic link has expired, please enter your email address to login.',
    );
    window.history.replaceState(null, '', `/login?token=${SECRET}&email=someone%40example.com`);

    // ERR-02: the failed link is recorded as 'Authentication failed'.
    await waitFor(() => expect(exceptionValues()).toContain('Authentication failed'));
    const authEvent = events().find((e) =>
      JSON.stringify(e.payload.exception).includes('Authentication failed'),
    )!;
    expect(authEvent.url.pathname).toBe('/api/42/envelope/');
    expect(authEvent.url.searchParams.get('sentry_key')).toBe('publickey');
    expect(authEvent.payload.release).toBe('9.9.9');
    expect(authEvent.payload.user).toBeUndefined();

    // CONST-17: the page load is a transaction named after the route (not the URL), and the
    // failed link's redirect to /login is a navigation.
    const traced = () =>
      transactions().map((t) => [
        t.payload.transaction,
        (t.payload.contexts as { trace: { op: string } }).trace.op,
      ]);
    await waitFor(
      () =>
        expect(traced()).toEqual([
          ['/unauthenticated/login/auth', 'pageload'],
          ['/unauthenticated/login', 'navigation'],
        ]),
      { timeout: 8000 },
    );

    // Every navigation is traced (sample rate 1): n navigations, n transactions.
    for (const to of ['/signup', '/login', '/signup'] as const) {
      const before = transactions().length;
      await router.navigate({ to });
      await waitFor(() => expect(transactions().length).toBe(before + 1), { timeout: 8000 });
      expect(traced()[before]).toEqual([`/unauthenticated${to}`, 'navigation']);
    }

    // A reported error goes to the envelope endpoint, without the token or the address.
    reportError(new Error('boom'), { page: 'login', note: 'from /login/auth?token=' + SECRET });
    await waitFor(() => expect(exceptionValues()).toContain('boom'));
    const boom = events().find((e) => JSON.stringify(e.payload.exception).includes('boom'))!;
    expect((boom.payload.request as { url: string }).url).toBe('http://localhost:3000/login');

    // Expected authentication errors are not sent (nor from Sentry's own handlers).
    reportError(new ApiError(401, { error: { code: 'unauthorized', message: 'nope-401' } }));
    reportFault(new Error('after-401'));
    await waitFor(() => expect(exceptionValues()).toContain('after-401'));
    expect(exceptionValues()).not.toContain('nope-401');

    for (const sent of network.sent) {
      expect(sent.url.href).not.toContain(SECRET);
      expect(sent.body).not.toContain(SECRET);
      expect(sent.body).not.toContain('someone@example.com');
      expect(sent.body).not.toContain('someone%40example.com');
    }
  }, 40000);
});
