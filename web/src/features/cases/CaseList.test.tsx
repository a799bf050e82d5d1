import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '../../lib/api/types';
import { BROKER_ID, buyItem, overviews, page, remItem } from '../../test/cases';
import { apiError, json, type Handler } from '../../test/fetchMock';
import { makeMe, signedInServer } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { stubViewport } from '../../test/viewport';
import { LIST_TEXTS } from './components/CaseListPage';
import { COLLAPSED_KEY } from './storage';

const BROKER = makeMe({ role: 'ROLE_BROKER', enabledFeatures: ['BUYING'] });
const CUSTOMER = makeMe({ enabledFeatures: ['BUYING'] });

function server(me: Me, extra: Record<string, Handler> = {}) {
  return signedInServer(me, {
    'GET /api/case-overviews': () => json(overviews(3, 3)),
    'GET /api/managed-brokers': () => json({ managedBrokers: [] }),
    'GET /api/remortgaging/cases': () => json(page([remItem()])),
    'GET /api/buying/cases': () => json(page([buyItem()])),
    ...extra,
  });
}

type Calls = ReturnType<typeof server>['calls'];

function listRequests(calls: Calls, path = '/api/remortgaging/cases') {
  return calls
    .filter((c) => c.method === 'GET' && c.path === path)
    .map((c) => new URL(c.request.url).searchParams);
}

function lastList(calls: Calls, path?: string) {
  const all = listRequests(calls, path);
  return all[all.length - 1];
}

beforeEach(() => window.localStorage.clear());
afterEach(() => window.localStorage.clear());

describe('case lists', () => {
  it('LIST-01 LIST-03 LIST-04 LIST-41 LIST-36 LIST-39 CANCEL-01: broker cards, defaults, count line', async () => {
    const { calls } = server(BROKER, {
      'GET /api/remortgaging/cases': () =>
        json(
          page(
            [
              remItem(),
              remItem({
                id: 1002,
                status: 'CUSTOMER_APPLICATION',
                canCancel: false,
                statusMessage: 'with the lead customer awaiting completion',
              }),
            ],
            11,
          ),
        ),
    });
    renderApp('/remortgaging');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Remortgaging Cases' }),
    ).toBeVisible();
    expect(await screen.findByText('Showing 2 case(s) of 11')).toBeInTheDocument();
    const params = lastList(calls);
    expect(params.get('pageSize')).toBe('10');
    expect(params.get('page')).toBe('0');
    expect(params.get('sortDirection')).toBe('DESC');
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]);
    expect(first.getByText('Broker Application')).toBeInTheDocument();
    expect(first.getByTestId('status-warning')).toBeInTheDocument();
    expect(
      first.getByText('This application is currently being prepared by the broker.'),
    ).toBeInTheDocument();
    expect(first.getByText('Sam Smith')).toBeInTheDocument();
    expect(first.getByText('BR-1234')).toBeInTheDocument();
    expect(first.getByText('Referred by Bea Broker')).toBeInTheDocument();
    expect(first.getByText('05/03/2026')).toBeInTheDocument();
    expect(first.getByRole('button', { name: /^Cancel case/ })).toBeInTheDocument();
    expect(first.getByRole('link', { name: /^Continue case/ })).toHaveAttribute(
      'href',
      '/remortgaging/1001',
    );
    expect(within(cards[1]).queryByRole('button', { name: /^Cancel/ })).toBeNull();
    // LIST-40: 11 cases at 10 a page → a pager.
    expect(screen.getByRole('navigation', { name: /pagination/i })).toBeInTheDocument();
  });

  it('LIST-37 STATUS-02 STATUS-07: a completed case offers Review and a green chip without the icon', async () => {
    server(CUSTOMER, {
      'GET /api/remortgaging/cases': () =>
        json(
          page([
            remItem({
              status: 'COMPLETED',
              canCancel: false,
              statusChip: {
                colour: 'GREEN',
                label: 'Completed 15/03/2026',
                showWarningIcon: false,
              },
              statusMessage: 'This case was completed on 15/03/2026.',
            }),
          ]),
        ),
    });
    renderApp('/remortgaging');
    const card = within(await screen.findByRole('article'));
    expect(card.getByRole('link', { name: /^Review case/ })).toBeInTheDocument();
    expect(card.getByText('Completed 15/03/2026').closest('[data-colour]')).toHaveAttribute(
      'data-colour',
      'GREEN',
    );
    expect(card.queryByTestId('status-warning')).toBeNull();
    expect(card.getByText('This case was completed on 15/03/2026.')).toBeInTheDocument();
  });

  it('ROLES-09 ROLES-10 ROLES-11 CANCEL-02 LIST-38: a customer gets no toolbar, names, reference or Cancel', async () => {
    server(CUSTOMER, {
      'GET /api/remortgaging/cases': () =>
        json(
          page([
            remItem({
              brokerReference: null,
              caseAdmins: [
                { userId: BROKER_ID, role: 'ROLE_BROKER_ADMIN', preferredName: 'Ada Admin' },
                { userId: 'x', role: 'ROLE_BROKER', preferredName: 'Bea Broker' },
              ],
              canCancel: false,
            }),
          ]),
        ),
    });
    renderApp('/remortgaging');
    const card = within(await screen.findByRole('article'));
    expect(card.getByText('Referred by Ada Admin, Bea Broker')).toBeInTheDocument();
    expect(card.queryByText('Sam Smith')).toBeNull();
    expect(card.queryByText('Broker reference')).toBeNull();
    expect(card.queryByRole('button', { name: /Cancel/ })).toBeNull();
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(screen.queryByRole('link', { name: /New/ })).toBeNull();
    expect(screen.queryByPlaceholderText('Search by property owner name...')).toBeNull();
  });

  it("LIST-14: on a phone the button's short label is 'New'", async () => {
    stubViewport(375);
    server(BROKER);
    renderApp('/remortgaging');
    expect(await screen.findByRole('link', { name: 'New' })).toHaveAttribute(
      'href',
      '/remortgaging/start',
    );
    expect(screen.queryByRole('link', { name: 'New case' })).toBeNull();
    vi.unstubAllGlobals();
  });

  it('LIST-14 LIST-15 LIST-16: New case and the name search placeholders', async () => {
    server(BROKER);
    renderApp('/remortgaging');
    expect(await screen.findByRole('link', { name: 'New case' })).toHaveAttribute(
      'href',
      '/remortgaging/start',
    );
    expect(screen.getByPlaceholderText('Search by property owner name...')).toBeInTheDocument();
  });

  it('LIST-02 LIST-10 LIST-16 LIST-31: buying list, placeholder, deposit wording and table columns', async () => {
    const { calls } = server(BROKER);
    window.localStorage.setItem(COLLAPSED_KEY, 'true');
    renderApp('/buying');
    expect(await screen.findByRole('heading', { level: 1, name: 'Buying Cases' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'New case' })).toHaveAttribute('href', '/buying/start');
    expect(screen.getByPlaceholderText('Search by buyer name...')).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Created', 'Buyers', 'Status', 'Deposit', 'Broker', 'Cancel']);
    expect(within(table).getByText('Pending')).toBeInTheDocument();
    expect(lastList(calls, '/api/buying/cases').get('pageSize')).toBe('30');
  });

  it('LIST-26 LIST-30 LIST-32 LIST-33 CONST-04: collapse to a table (30 a page), remembered', async () => {
    const { calls } = server(BROKER, {
      'GET /api/remortgaging/cases': () => json(page([remItem({ hasMortgageOffer: true })])),
    });
    const first = renderApp('/remortgaging');
    await screen.findByRole('article');
    await userEvent.click(screen.getByRole('button', { name: 'Show as table' }));
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Created', 'Owners', 'Status', 'Mortgage', 'Broker', 'Cancel']);
    expect(within(table).getByText('Uploaded')).toBeInTheDocument();
    expect(within(table).getByText('05/03/2026')).toBeInTheDocument();
    expect(within(table).getByText('Bea Broker')).toBeInTheDocument();
    await waitFor(() => expect(lastList(calls).get('pageSize')).toBe('30'));
    expect(window.localStorage.getItem(COLLAPSED_KEY)).toBe('true');
    first.unmount();

    renderApp('/remortgaging');
    expect(await screen.findByRole('table')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show as cards' }));
    expect(await screen.findByRole('article')).toBeInTheDocument();
    expect(window.localStorage.getItem(COLLAPSED_KEY)).toBe('false');
  });

  it('LIST-17 CONST-06: the name search is debounced 400 ms and resets the page', async () => {
    const { calls } = server(BROKER);
    const { router } = renderApp('/remortgaging?page=1');
    const box = await screen.findByPlaceholderText('Search by property owner name...');
    await screen.findByRole('article');
    const before = listRequests(calls).length;
    const started = Date.now();
    fireEvent.change(box, { target: { value: 'S' } });
    fireEvent.change(box, { target: { value: 'Sm' } });
    fireEvent.change(box, { target: { value: 'Smi' } });
    expect(listRequests(calls).filter((p) => p.has('propertyOwnerName'))).toHaveLength(0);
    await waitFor(() =>
      expect(listRequests(calls).filter((p) => p.has('propertyOwnerName'))).toHaveLength(1),
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    const named = listRequests(calls).filter((p) => p.has('propertyOwnerName'));
    expect(named[0].get('propertyOwnerName')).toBe('Smi');
    expect(named[0].get('page')).toBe('0');
    expect(listRequests(calls).length).toBe(before + 1);
    expect(router.state.location.search).toEqual({ propertyOwnerName: 'Smi' });
  });

  it('LIST-18: Escape clears the search at once', async () => {
    const { calls } = server(BROKER);
    const { router } = renderApp('/remortgaging?propertyOwnerName=Smith');
    const box = await screen.findByPlaceholderText('Search by property owner name...');
    expect(box).toHaveValue('Smith');
    await waitFor(() => expect(lastList(calls).get('propertyOwnerName')).toBe('Smith'));
    box.focus();
    await userEvent.keyboard('{Escape}');
    expect(box).toHaveValue('');
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    await waitFor(() => expect(lastList(calls).has('propertyOwnerName')).toBe(false));
  });

  it('LIST-21 LIST-22 LIST-29: status and mortgage offer menus set params and reset the page', async () => {
    const { calls } = server(BROKER);
    const { router } = renderApp('/remortgaging?page=2');
    await screen.findByRole('article');
    expect(lastList(calls).get('page')).toBe('2');
    await userEvent.click(screen.getByRole('button', { name: 'Status' }));
    await userEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Cancelled' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ status: ['CANCELLED'] }));
    await waitFor(() => expect(lastList(calls).getAll('status')).toEqual(['CANCELLED']));
    expect(lastList(calls).get('page')).toBe('0');
    await userEvent.keyboard('{Escape}');

    await userEvent.click(screen.getByRole('button', { name: 'Mortgage offer: Any' }));
    const items = screen.getAllByRole('menuitemradio').map((i) => i.textContent);
    expect(items).toEqual(['Any', 'Uploaded', 'Pending']);
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Pending' }));
    await waitFor(() => expect(lastList(calls).get('hasMortgageOffer')).toBe('false'));
    await userEvent.click(screen.getByRole('button', { name: 'Mortgage offer: Pending' }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Uploaded' }));
    await waitFor(() => expect(lastList(calls).get('hasMortgageOffer')).toBe('true'));
  });

  it('LIST-23: the deposit menu offers Any / Paid / Pending', async () => {
    const { calls } = server(BROKER);
    renderApp('/buying');
    await screen.findByRole('article');
    await userEvent.click(screen.getByRole('button', { name: 'Deposit: Any' }));
    expect(screen.getAllByRole('menuitemradio').map((i) => i.textContent)).toEqual([
      'Any',
      'Paid',
      'Pending',
    ]);
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Paid' }));
    await waitFor(() =>
      expect(lastList(calls, '/api/buying/cases').get('hasPaidDeposit')).toBe('true'),
    );
  });

  it('LIST-24 LIST-25 LIST-27 LIST-28: sort field, direction toggle, reload and reset', async () => {
    const { calls } = server(BROKER);
    const { router } = renderApp('/remortgaging');
    await screen.findByRole('article');
    await userEvent.click(screen.getByRole('button', { name: 'Sort by: Created' }));
    expect(screen.getAllByRole('menuitemradio')).toHaveLength(5);
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Completion date' }));
    await waitFor(() => expect(lastList(calls).get('sortBy')).toBe('COMPLETION_DATE'));
    // The toggle is named by what pressing it does (issue 15), not by the current order.
    await userEvent.click(screen.getByRole('button', { name: 'Sort ascending' }));
    await waitFor(() => expect(lastList(calls).get('sortDirection')).toBe('ASC'));
    expect(screen.getByRole('button', { name: 'Sort descending' })).toBeInTheDocument();
    const count = listRequests(calls).length;
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(listRequests(calls).length).toBe(count + 1));
    await userEvent.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    // Back to the defaults (served from the 5-second-fresh cache of the first request).
    expect(await screen.findByRole('button', { name: 'Sort by: Created' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sort ascending' })).toBeInTheDocument();
    expect(listRequests(calls)[0].get('sortBy')).toBe('CREATED_AT');
  });

  it('LIST-19: no broker filter without managed brokers', async () => {
    server(BROKER);
    renderApp('/remortgaging');
    await screen.findByRole('article');
    expect(screen.queryByRole('button', { name: /^Broker/ })).toBeNull();
  });

  it('LIST-07 LIST-19 LIST-20 ENT-05: the broker filter is grouped Brokers, Managers, Admins', async () => {
    const ids = ['1', '2', '3'].map((n) => `5f0c0000-0000-4000-8000-00000000000${n}`);
    const { calls } = server(makeMe({ role: 'ROLE_BROKER_ADMIN' }), {
      'GET /api/managed-brokers': () =>
        json({
          managedBrokers: [
            { userId: ids[0], preferredName: 'Bea Broker', role: 'ROLE_BROKER' },
            { userId: ids[1], preferredName: 'Max Manager', role: 'ROLE_BROKER_MANAGER' },
            { userId: ids[2], preferredName: 'Ada Admin', role: 'ROLE_BROKER_ADMIN' },
          ],
        }),
    });
    renderApp('/remortgaging');
    await userEvent.click(await screen.findByRole('button', { name: 'Broker' }));
    const menu = within(screen.getByRole('menu'));
    expect(menu.getByText('Brokers')).toBeInTheDocument();
    expect(menu.getByText('Managers')).toBeInTheDocument();
    expect(menu.getByText('Admins')).toBeInTheDocument();
    await userEvent.click(menu.getByRole('menuitemcheckbox', { name: 'Max Manager' }));
    await waitFor(() => expect(lastList(calls).getAll('brokerUserIds')).toEqual([ids[1]]));
  });

  it('LIST-40: no pager when everything fits on one page', async () => {
    server(BROKER, { 'GET /api/remortgaging/cases': () => json(page([remItem()], 10)) });
    renderApp('/remortgaging');
    await screen.findByText('Showing 1 case(s) of 10');
    expect(screen.queryByRole('navigation', { name: /pagination/i })).toBeNull();
  });

  it('LIST-40 LIST-03: the pager moves to page=1 (0-based)', async () => {
    const { calls } = server(BROKER, {
      'GET /api/remortgaging/cases': () => json(page([remItem()], 11)),
    });
    const { router } = renderApp('/remortgaging');
    await screen.findByText('Showing 1 case(s) of 11');
    await userEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 1 }));
    await waitFor(() => expect(lastList(calls).get('page')).toBe('1'));
  });

  it('LIST-44: filtered empty text', async () => {
    server(BROKER, { 'GET /api/remortgaging/cases': () => json(page([])) });
    renderApp('/remortgaging?status=INELIGIBLE');
    expect(await screen.findByText(LIST_TEXTS.filteredEmpty)).toBeInTheDocument();
    expect(LIST_TEXTS.filteredEmpty).toBe('0 cases found, please try resetting your filters');
  });

  it('LIST-43 LIST-45: a broker with no cases stays on the list and sees the unfiltered text', async () => {
    const { calls } = server(BROKER, {
      'GET /api/case-overviews': () => json(overviews(0, 0)),
      'GET /api/remortgaging/cases': () => json(page([])),
    });
    const { router } = renderApp('/remortgaging');
    expect(await screen.findByText(LIST_TEXTS.unfilteredEmpty)).toBeInTheDocument();
    expect(LIST_TEXTS.unfilteredEmpty).toBe(
      "We couldn't find any cases for you yet, once you create a case you will be able to see it here.",
    );
    expect(router.state.location.pathname).toBe('/remortgaging');
    expect(calls.some((c) => c.path === '/api/case-overviews')).toBe(false);
  });

  it('LIST-46 ERR-18: load error text, on both lists', async () => {
    server(BROKER, {
      'GET /api/remortgaging/cases': () => apiError(500),
      'GET /api/buying/cases': () => apiError(500),
    });
    const first = renderApp('/remortgaging');
    expect(await screen.findByText(LIST_TEXTS.loadError)).toBeInTheDocument();
    expect(LIST_TEXTS.loadError).toBe(
      "Whoop's something went wrong loading the page please try reloading.",
    );
    expect(screen.queryByRole('article')).toBeNull();
    first.unmount();
    renderApp('/buying');
    expect(await screen.findByText(LIST_TEXTS.loadError)).toBeInTheDocument();
  });

  it('issue 15: a Reload that fails says so and keeps the last list', async () => {
    let fail = false;
    server(BROKER, {
      'GET /api/remortgaging/cases': () => (fail ? apiError(500) : json(page([remItem()]))),
    });
    renderApp('/remortgaging');
    await screen.findByRole('article');
    expect(screen.queryByText(LIST_TEXTS.loadError)).toBeNull();
    fail = true;
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(LIST_TEXTS.loadError);
    expect(screen.getByRole('article')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Reload' })).toHaveAttribute('aria-busy', 'false'),
    );
  });

  it('LIST-42 LIST-49: a customer with no cases is sent to the start page', async () => {
    server(CUSTOMER, {
      'GET /api/case-overviews': () => json(overviews(0, 0)),
      'GET /api/lenders': () => json({ lenders: [] }),
    });
    const first = renderApp('/remortgaging');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/remortgaging/start'));
    first.unmount();
    const second = renderApp('/buying');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/buying/start'));
  });

  it('CACHE-06 CACHE-08 CONST-11: list queries are fresh for 5 s and refetch at an interval', async () => {
    server(BROKER);
    const { queryClient } = renderApp('/remortgaging');
    await screen.findByRole('article');
    const query = queryClient
      .getQueryCache()
      .findAll({ queryKey: ['cases', 'remortgaging', 'list'] })[0];
    const options = query.options as { staleTime?: number; refetchInterval?: number };
    expect(options.staleTime).toBe(5000);
    expect(options.refetchInterval).toBeGreaterThan(0);
    await act(async () => {});
  });

  it('LIST-35: a card shows the address (formatted, or line 1 and postcode) and dd/MM/yyyy dates', async () => {
    server(CUSTOMER, {
      'GET /api/remortgaging/cases': () =>
        json(
          page([
            remItem(),
            remItem({
              id: 1002,
              property: { addressLine1: '9 Low Road', postcode: 'ME1 1AA', formattedAddress: null },
              completionDate: '2027-02-14',
            }),
          ]),
        ),
    });
    renderApp('/remortgaging');
    const cards = await screen.findAllByRole('article');
    const first = within(cards[0]);
    expect(
      first.getByRole('heading', { name: '1 High Street, Canterbury, Kent, CT1 1AA' }),
    ).toBeInTheDocument();
    expect(first.getByText('Created').nextElementSibling).toHaveTextContent('05/03/2026');
    expect(first.getByText('Current deal ends').nextElementSibling).toHaveTextContent('31/01/2027');
    const second = within(cards[1]);
    expect(second.getByRole('heading', { name: '9 Low Road, ME1 1AA' })).toBeInTheDocument();
    expect(second.getByText('Completion date').nextElementSibling).toHaveTextContent('14/02/2027');
  });

  it("CACHE-11: hovering a card's Continue preloads the case before any click", async () => {
    const { calls } = server(CUSTOMER);
    renderApp('/remortgaging');
    const card = within(await screen.findByRole('article'));
    const expanded = () =>
      calls.filter((c) => c.path === '/api/remortgaging/cases/1001/expanded').length;
    expect(expanded()).toBe(0);
    await userEvent.hover(card.getByRole('link', { name: /^Continue case/ }));
    await waitFor(() => expect(expanded()).toBeGreaterThan(0));
  });

  describe('LIST-34 CALLS-62: the map of the property on large screens', () => {
    const MAPS = { url: 'https://maps.test/maps/api/staticmap', key: 'browser-key' };
    afterEach(() => vi.unstubAllGlobals());
    const cases = () =>
      page([
        remItem(),
        remItem({
          id: 1002,
          property: { addressLine1: '9 Low Road', postcode: null, formattedAddress: null },
        }),
      ]);

    it("each card has the maps service's static map of its postcode", async () => {
      stubViewport(1280);
      server(CUSTOMER, { 'GET /api/remortgaging/cases': () => json(cases()) });
      renderApp('/remortgaging', { maps: MAPS });
      const [first, second] = await screen.findAllByRole('article');
      const image = within(first!).getByTestId('case-map').querySelector('img');
      const url = new URL(image!.getAttribute('src')!);
      expect(url.origin + url.pathname).toBe(MAPS.url);
      expect(url.searchParams.get('center')).toBe('CT1 1AA, UK');
      expect(url.searchParams.get('zoom')).toBe('17');
      expect(url.searchParams.get('scale')).toBe('4');
      expect(url.searchParams.get('maptype')).toBe('roadmap');
      expect(url.searchParams.getAll('style')).toEqual([
        'feature:poi.business|visibility:off',
        'feature:poi.park|visibility:off',
        'feature:poi.attraction|visibility:off',
      ]);
      expect(url.searchParams.get('key')).toBe('browser-key');
      // The page sends no referrer; the image sends only the site's origin, for the key.
      expect(image).toHaveAttribute('referrerpolicy', 'origin');
      // No postcode, no map to fetch: the placeholder.
      expect(within(second!).getByTestId('case-map').querySelector('img')).toBeNull();
    });

    it('an image the service refuses leaves the placeholder with the postcode', async () => {
      stubViewport(1280);
      server(CUSTOMER, { 'GET /api/remortgaging/cases': () => json(page([remItem()])) });
      renderApp('/remortgaging', { maps: MAPS });
      const map = within(await screen.findByRole('article')).getByTestId('case-map');
      fireEvent.error(map.querySelector('img')!);
      expect(map.querySelector('img')).toBeNull();
      expect(map).toHaveTextContent('CT1 1AA');
    });

    it('no map on smaller screens, nor where no maps service is configured', async () => {
      stubViewport(900);
      server(CUSTOMER, { 'GET /api/remortgaging/cases': () => json(cases()) });
      const phone = renderApp('/remortgaging', { maps: MAPS });
      await screen.findAllByRole('article');
      expect(screen.queryByTestId('case-map')).toBeNull();
      phone.unmount();
      stubViewport(1280);
      renderApp('/remortgaging', { maps: null });
      await screen.findAllByRole('article');
      expect(screen.queryByTestId('case-map')).toBeNull();
    });
  });
});
