import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ExpandedCase, Me } from '../../lib/api/types';
import {
  expanded,
  overviews,
  page,
  remItem,
  REM_SECTIONS,
  REM_TILES_HIDDEN,
} from '../../test/cases';
import { apiError, json, type Handler } from '../../test/fetchMock';
import { makeMe, signedInServer } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { NOT_FOUND_TEXT } from '../shell';
import { CANCEL_TEXTS } from './components/CancelCaseDialog';
import { LOAD_ERROR } from './texts';

const BROKER = makeMe({ role: 'ROLE_BROKER', enabledFeatures: ['BUYING'] });
const CUSTOMER = makeMe({ enabledFeatures: ['BUYING'] });

function server(me: Me, extra: Record<string, Handler> = {}) {
  return signedInServer(me, {
    'GET /api/case-overviews': () => json(overviews(1, 1)),
    'GET /api/managed-brokers': () => json({ managedBrokers: [] }),
    'GET /api/remortgaging/cases': () => json(page([remItem()])),
    'GET /api/buying/cases': () => json(page([])),
    'GET /api/remortgaging/cases/1001/expanded': () =>
      json(expanded('REMORTGAGING', REM_SECTIONS, REM_TILES_HIDDEN)),
    ...extra,
  });
}

function withView(base: ExpandedCase, patch: Partial<ExpandedCase['view']>): ExpandedCase {
  return { ...base, view: { ...base.view, ...patch } };
}

describe('case page', () => {
  it('REM-APP-01 STATUS-22: sections under the spec labels with their states; hidden ones absent', async () => {
    server(CUSTOMER);
    renderApp('/remortgaging/1001');
    const list = within(await screen.findByRole('list', { name: 'Application sections' }));
    const items = list.getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('data-key'))).toEqual([
      'key-facts',
      'quote',
      'property-details',
      'owners',
      'property-alterations',
      'documents',
      'review-and-submit',
    ]);
    expect(items[0]).toHaveAttribute('data-state', 'IS_COMPLETE');
    expect(within(items[0]).getByRole('img', { name: 'Complete' })).toBeInTheDocument();
    expect(within(items[0]).getByRole('link', { name: /Key Facts/ })).toHaveAttribute(
      'href',
      '/remortgaging/1001/application/key-facts',
    );
    expect(within(items[1]).getByRole('img', { name: 'Not started' })).toBeInTheDocument();
    expect(items[2]).toHaveAttribute('data-state', 'LOCKED');
    expect(within(items[2]).getByRole('img', { name: 'Locked' })).toBeInTheDocument();
    expect(within(items[2]).queryByRole('link')).toBeNull();
    expect(list.queryByText('Transfer of Equity')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Case progress' })).toBeNull();
    expect(
      screen.getByText('Please continue with the application and submit it for review.'),
    ).toBeInTheDocument();
  });

  it('REM-POST-01 REM-POST-03: a submitted case shows the tiles, links to /{tile}', async () => {
    const hidden = REM_SECTIONS.map(([k, l]) => [k, l, 'HIDDEN'] as (typeof REM_SECTIONS)[number]);
    const submitted = expanded('REMORTGAGING', hidden, [
      ['application-review', 'Application & Quote', 'IS_COMPLETE'],
      ['identification', 'Verify Identity', 'NOT_STARTED'],
      ['documents', 'Upload Documents', 'NOT_STARTED'],
      ['mortgage-report', 'Mortgage Report', 'LOCKED'],
      ['completion-statement', 'Completion Statement', 'IS_DISABLED'],
    ]);
    server(CUSTOMER, {
      'GET /api/remortgaging/cases/1001/expanded': () =>
        json(withView(submitted, { status: 'IDENTITY_VERIFICATION', submitted: true })),
    });
    renderApp('/remortgaging/1001');
    const list = within(await screen.findByRole('list', { name: 'Case progress' }));
    const items = list.getAllByRole('listitem');
    expect(items.map((i) => [i.getAttribute('data-state'), i.textContent])).toEqual([
      ['IS_COMPLETE', expect.stringContaining('Application & Quote')],
      ['NOT_STARTED', expect.stringContaining('Verify Identity')],
      ['NOT_STARTED', expect.stringContaining('Upload Documents')],
      ['LOCKED', expect.stringContaining('Mortgage Report')],
      ['IS_DISABLED', expect.stringContaining('Completion Statement')],
    ]);
    expect(list.getByRole('link', { name: /Verify Identity/ })).toHaveAttribute(
      'href',
      '/remortgaging/1001/identification',
    );
    expect(list.getByRole('img', { name: 'Disabled' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Application sections' })).toBeNull();
  });

  it('REM-POST-01: a cancelled case (submitted) shows its tiles read-only and no sections', async () => {
    const cancelled = expanded(
      'REMORTGAGING',
      REM_SECTIONS.map(([k, l]) => [k, l, 'HIDDEN'] as (typeof REM_SECTIONS)[number]),
      [
        ['application-review', 'Application & Quote', 'IS_COMPLETE'],
        ['identification', 'Verify Identity', 'IS_DISABLED'],
        ['documents', 'Upload Documents', 'IS_DISABLED'],
      ],
    );
    server(CUSTOMER, {
      'GET /api/remortgaging/cases/1001/expanded': () =>
        json(
          withView(cancelled, {
            status: 'CANCELLED',
            submitted: true,
            stage: { guide: null, waitsOn: null, closed: true },
          }),
        ),
    });
    renderApp('/remortgaging/1001');
    const list = within(await screen.findByRole('list', { name: 'Case progress' }));
    expect(list.getByRole('link', { name: /Application & Quote/ })).toHaveAttribute(
      'href',
      '/remortgaging/1001/application-review',
    );
    // What was never done is unavailable: not a link, marked disabled, never 'Not started'.
    expect(list.getAllByRole('link')).toHaveLength(1);
    const identity = list.getByText('Verify Identity').closest('[role="button"]');
    expect(identity).toHaveAttribute('aria-disabled', 'true');
    expect(list.getAllByRole('img', { name: 'Disabled' })).toHaveLength(2);
    expect(list.queryByText('Not started')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Application sections' })).toBeNull();
  });

  it('an ineligible case (never submitted) shows neither sections nor tiles', async () => {
    const ineligible = expanded(
      'REMORTGAGING',
      REM_SECTIONS.map(([k, l]) => [k, l, 'IS_DISABLED'] as (typeof REM_SECTIONS)[number]),
      REM_TILES_HIDDEN,
    );
    server(CUSTOMER, {
      'GET /api/remortgaging/cases/1001/expanded': () =>
        json(
          withView(ineligible, {
            status: 'INELIGIBLE',
            submitted: false,
            stage: { guide: null, waitsOn: null, closed: true },
            message: null,
          }),
        ),
    });
    renderApp('/remortgaging/1001');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Application sections' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Case progress' })).toBeNull();
  });

  it('an open section shows its heading', async () => {
    server(CUSTOMER);
    renderApp('/remortgaging/1001/application/quote');
    expect(await screen.findByRole('heading', { level: 1, name: 'Quote' })).toBeInTheDocument();
  });

  it('REM-APP-02: /application redirects to key-facts', async () => {
    server(CUSTOMER);
    const { router } = renderApp('/remortgaging/1001/application');
    expect(await screen.findByRole('heading', { level: 1, name: 'Key Facts' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/remortgaging/1001/application/key-facts');
  });
});

describe('case access guard', () => {
  it.each(['/remortgaging/abc', '/buying/abc/deposit', '/remortgaging/12x/application/owners'])(
    'GUARD-01: %s is not found',
    async (path) => {
      const { calls } = server(CUSTOMER);
      renderApp(path);
      expect(await screen.findByText(NOT_FOUND_TEXT)).toBeInTheDocument();
      expect(calls.some((c) => c.path.includes('/expanded'))).toBe(false);
    },
  );

  it('GUARD-02: an unknown case is not found', async () => {
    server(CUSTOMER, {
      'GET /api/remortgaging/cases/999999999/expanded': () => apiError(404, 'Not found'),
    });
    renderApp('/remortgaging/999999999');
    expect(await screen.findByText(NOT_FOUND_TEXT)).toBeInTheDocument();
  });

  it.each([
    ['GUARD-03 (absent section)', '/remortgaging/1001/application/no-such-section'],
    ['GUARD-04 (disabled section)', '/remortgaging/1001/application/owners'],
    ['GUARD-05 (locked section)', '/remortgaging/1001/application/property-details'],
    ['GUARD-06 (hidden section)', '/remortgaging/1001/application/financial-details'],
    ['GUARD-06 (hidden tile before submission)', '/remortgaging/1001/identification'],
  ])('%s redirects to /remortgaging', async (_name, path) => {
    const base = expanded('REMORTGAGING', REM_SECTIONS, REM_TILES_HIDDEN);
    const sections = base.view.sections.map((s) =>
      s.key === 'owners' ? { ...s, state: 'IS_DISABLED' as const } : s,
    );
    server(CUSTOMER, {
      'GET /api/remortgaging/cases/1001/expanded': () => json(withView(base, { sections })),
    });
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/remortgaging'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Remortgaging Cases' }),
    ).toBeInTheDocument();
  });

  it('GUARD-07: any other failure in the guard redirects to the list, and says so', async () => {
    server(CUSTOMER, { 'GET /api/remortgaging/cases/1001/expanded': () => apiError(500) });
    const { router } = renderApp('/remortgaging/1001/application/key-facts');
    await waitFor(() => expect(router.state.location.pathname).toBe('/remortgaging'));
    // Issue 15: the redirect alone looked like nothing happened when already on the list.
    expect(await screen.findByText(LOAD_ERROR)).toBeInTheDocument();
  });

  it('GUARD-08: the same guard on buying routes redirects to /buying', async () => {
    server(CUSTOMER, {
      'GET /api/buying/case/2002/expanded': () =>
        json(
          expanded(
            'BUYING',
            [
              ['key-facts', 'Key Facts', 'IS_COMPLETE'],
              ['quote', 'Quote', 'NOT_STARTED'],
              ['property', 'Property', 'LOCKED'],
            ],
            [],
            2002,
          ),
        ),
      'GET /api/buying/cases': () => json(page([])),
    });
    const { router } = renderApp('/buying/2002/application/property');
    await waitFor(() => expect(router.state.location.pathname).toBe('/buying'));
  });
});

describe('cancel dialog', () => {
  function broker(extra: Record<string, Handler> = {}) {
    return server(BROKER, extra);
  }

  async function openDialog() {
    renderApp('/remortgaging');
    const card = within(await screen.findByRole('article'));
    await userEvent.click(card.getByRole('button', { name: /^Cancel case/ }));
    return screen.findByRole('dialog', { name: 'Cancel Case' });
  }

  it("CANCEL-03 CANCEL-04: texts, and 'Go back' closes without a request", async () => {
    const { calls } = broker();
    const dialog = within(await openDialog());
    expect(dialog.getByText('Are you sure you want to cancel this case?')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Yes, cancel' })).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cancel Case' })).toBeNull());
    expect(calls.some((c) => c.path === '/api/broker-cancel-case')).toBe(false);
  });

  it("CANCEL-05 ERR-14: 'Yes, cancel' posts {caseId, caseType}, toasts and refetches", async () => {
    let cancelled = false;
    const { calls } = broker({
      'POST /api/broker-cancel-case': () => {
        cancelled = true;
        return json({ caseId: 1001, caseType: 'REMORTGAGING', status: 'CANCELLED' });
      },
      'GET /api/remortgaging/cases': () =>
        json(
          page([
            cancelled
              ? remItem({
                  status: 'CANCELLED',
                  canCancel: false,
                  statusChip: { colour: 'RED', label: 'Cancelled', showWarningIcon: true },
                  statusMessage: 'This case has been cancelled.',
                })
              : remItem(),
          ]),
        ),
    });
    const dialog = within(await openDialog());
    await userEvent.click(dialog.getByRole('button', { name: 'Yes, cancel' }));
    expect(await screen.findByText(CANCEL_TEXTS.cancelled)).toBeInTheDocument();
    expect(CANCEL_TEXTS.cancelled).toBe('Case cancelled');
    const post = calls.find((c) => c.path === '/api/broker-cancel-case');
    expect(JSON.parse(post!.body!)).toEqual({ caseId: 1001, caseType: 'REMORTGAGING' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cancel Case' })).toBeNull());
    expect(await screen.findByText('This case has been cancelled.')).toBeInTheDocument();
    expect(screen.getByText('Cancelled').closest('[data-colour]')).toHaveAttribute(
      'data-colour',
      'RED',
    );
  });

  it('ERR-15 ERR-16: a failure toasts and shows an error view with Close', async () => {
    broker({ 'POST /api/broker-cancel-case': () => apiError(500) });
    const dialog = within(await openDialog());
    await userEvent.click(dialog.getByRole('button', { name: 'Yes, cancel' }));
    expect(await screen.findByText('Error cancelling case')).toBeInTheDocument();
    expect(dialog.getByText(CANCEL_TEXTS.errorTitle)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cancel Case' })).toBeNull());
  });
});
