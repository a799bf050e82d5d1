import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Me } from '../../lib/api/types';
import { buyItem, overviews, page, remItem } from '../../test/cases';
import { apiError, json, type Handler } from '../../test/fetchMock';
import { makeMe, signedInServer } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { NOT_FOUND_TEXT } from '../shell';
import { BUYING_UNAVAILABLE_TEXT } from './components/BuyingUnavailable';

// One `$caseType` route family serves /remortgaging and /buying: these pin down that the URLs,
// the 404 for any other segment, the BUYING check and the static paths behave as before.

const BROKER = makeMe({ role: 'ROLE_BROKER', enabledFeatures: ['BUYING'] });
const CUSTOMER = makeMe({ enabledFeatures: ['BUYING'] });
const NO_BUYING = makeMe();

const CASE_API: Record<string, Handler> = {
  'GET /api/case-overviews': () => json(overviews(1, 1)),
  'GET /api/managed-brokers': () => json({ managedBrokers: [] }),
  'GET /api/remortgaging/cases': () => json(page([remItem()])),
  'GET /api/buying/cases': () => json(page([buyItem()])),
  'GET /api/auth/sessions': () => json({ sessions: [] }),
};
const server = (me: Me) => signedInServer(me, CASE_API);

/** Every screen of the family, under an unknown case type and under /buying. */
const UNKNOWN_TYPE = [
  '/foo',
  '/foo/start',
  '/foo/1001',
  '/foo/1001/application/key-facts',
  '/foo/1001/deposit',
];
const BUYING = [
  '/buying',
  '/buying/start',
  '/buying/2002',
  '/buying/2002/application',
  '/buying/2002/application/key-facts',
  '/buying/2002/deposit',
];

type Calls = ReturnType<typeof server>['calls'];
const caseCalls = (calls: Calls) =>
  calls.filter((c) => /^\/api\/(remortgaging|buying|case-overviews)/.test(c.path));

describe('the $caseType route family', () => {
  it.each(UNKNOWN_TYPE)(
    'an unknown case type (%s) shows the not-found page and loads no case',
    async (path) => {
      const { calls } = server(CUSTOMER);
      const { router } = renderApp(path);
      expect(await screen.findByText(NOT_FOUND_TEXT)).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: 'Not found' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(path);
      expect(caseCalls(calls)).toEqual([]);
    },
  );

  it('an unknown case type is not found for a signed-out visitor too (no sign-in detour)', async () => {
    signedInServer(CUSTOMER, {
      'GET /api/auth/verify': () => json({ isLoggedIn: false }),
      'GET /api/auth/me': () => apiError(401),
    });
    const { router } = renderApp('/foo');
    expect(await screen.findByText(NOT_FOUND_TEXT)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/foo');
  });

  it.each([
    ['/documents', 'Documents', '/protected/documents'],
    ['/notifications', 'Notifications', '/protected/notifications'],
    ['/help', 'Help', '/protected/help'],
    ['/settings', 'Settings', '/protected/settings'],
  ])('the static path %s wins over $caseType', async (path, heading, routeId) => {
    const { calls } = server(CUSTOMER);
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    expect(router.state.matches.map((m) => m.routeId)).toContain(routeId);
    // No case of either type is loaded (the navigation's own /case-overviews, for a donor's
    // 'Your gift' entry, is not the $caseType family's).
    expect(calls.filter((c) => /^\/api\/(remortgaging|buying)/.test(c.path))).toEqual([]);
  });

  it.each(BUYING)(
    'FLAG-01: %s without the BUYING feature says why and loads no buying data',
    async (path) => {
      const { calls } = server(NO_BUYING);
      const { router } = renderApp(path);
      await screen.findByRole('heading', { level: 1, name: 'Buying is not available' });
      expect(screen.getByText(BUYING_UNAVAILABLE_TEXT)).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(path);
      expect(calls.some((c) => c.path.startsWith('/api/buying'))).toBe(false);
    },
  );

  it('the case type segment ignores letter case, as the static paths did', async () => {
    server(CUSTOMER);
    const { router } = renderApp('/Buying');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Buying Cases' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/Buying');
  });

  it('moving from one case type to the other shows the other list with its own links', async () => {
    const { calls } = server(BROKER);
    const { router } = renderApp('/remortgaging');
    await screen.findByRole('heading', { level: 1, name: 'Remortgaging Cases' });
    expect(screen.getByRole('link', { name: 'New case' })).toHaveAttribute(
      'href',
      '/remortgaging/start',
    );
    const navigation = within(screen.getByRole('navigation', { name: 'Main navigation' }));
    await userEvent.click(navigation.getByRole('link', { name: 'Buying' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Buying Cases' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/buying');
    expect(navigation.getByRole('link', { name: 'Buying' })).toHaveAttribute(
      'data-status',
      'active',
    );
    expect(navigation.getByRole('link', { name: 'Remortgaging' })).not.toHaveAttribute(
      'data-status',
    );
    expect(screen.getByRole('link', { name: 'New case' })).toHaveAttribute('href', '/buying/start');
    expect(screen.getByPlaceholderText('Search by buyer name...')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'GET' && c.path === '/api/buying/cases')).toBe(true),
    );
  });
});
