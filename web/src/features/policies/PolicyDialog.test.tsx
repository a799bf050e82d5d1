import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Me } from '../../lib/api/types';
import { apiError, json, noContent, type Handler } from '../../test/fetchMock';
import { makeMe, POLICIES, signedInServer } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { policyDialogMode } from './components/PolicyDialog';

const TITLE = 'Sorry to interrupt you, but...';
const UPDATED = 'We have updated our terms and conditions and privacy policy.';

function server(me: Me, extra: Record<string, Handler> = {}) {
  return signedInServer(me, {
    'POST /api/auth/accept-policies': () => noContent(),
    ...extra,
  });
}

describe('policy dialog mode', () => {
  it('POLICY-02 POLICY-03 POLICY-05: never accepted / changed / up to date', () => {
    expect(policyDialogMode({ privacyVersion: null, termsVersion: 2 }, POLICIES)).toBe(
      'neverAccepted',
    );
    expect(policyDialogMode({ privacyVersion: 2, termsVersion: null }, undefined)).toBe(
      'neverAccepted',
    );
    expect(policyDialogMode({ privacyVersion: 1, termsVersion: 1 }, POLICIES)).toBe('changed');
    expect(policyDialogMode({ privacyVersion: 2, termsVersion: 2 }, POLICIES)).toBe('none');
  });
});

describe('policy dialog', () => {
  it('POLICY-01 POLICY-02 POLICY-04 POLICY-07: never accepted → blocking dialog without the update sentence', async () => {
    server(makeMe({ privacyVersion: null, termsVersion: null }));
    renderApp('/help');
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    expect(dialog).toBeInTheDocument();
    expect(screen.queryByText(UPDATED)).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Privacy Policy' })[0]).toHaveAttribute(
      'href',
      '/legal/privacy-policy.html',
    );
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: TITLE })).toBeInTheDocument();
  });

  it('POLICY-03: changed versions add the update sentence', async () => {
    server(makeMe({ privacyVersion: 1, termsVersion: 1 }));
    renderApp('/help');
    await screen.findByRole('dialog', { name: TITLE });
    expect(screen.getByText(UPDATED)).toBeInTheDocument();
  });

  it('POLICY-05: no dialog when up to date', async () => {
    server(makeMe());
    renderApp('/help');
    await screen.findByRole('heading', { name: 'Help' });
    expect(screen.queryByRole('dialog', { name: TITLE })).toBeNull();
  });

  it('POLICY-06 CALLS-45: agreeing sends the current versions and closes the dialog', async () => {
    const { calls } = server(makeMe({ privacyVersion: 1, termsVersion: 1 }));
    renderApp('/help');
    await screen.findByRole('dialog', { name: TITLE });
    await userEvent.click(screen.getByRole('button', { name: 'I agree' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TITLE })).toBeNull());
    const post = calls.find((c) => c.path === '/api/auth/accept-policies');
    expect(JSON.parse(post!.body!)).toEqual({ privacyVersion: 2, termsVersion: 2 });
  });

  it('CACHE-10: after agreeing GET /auth/me is fetched again and its answer is the profile', async () => {
    let accepted = false;
    const { calls } = signedInServer(makeMe({ privacyVersion: 1, termsVersion: 1 }), {
      'POST /api/auth/accept-policies': () => {
        accepted = true;
        return noContent();
      },
      'GET /api/auth/me': () =>
        json(
          makeMe(
            accepted
              ? { privacyVersion: 2, termsVersion: 2 }
              : { privacyVersion: 1, termsVersion: 1 },
            {
              preferredName: accepted ? 'Annie' : 'Ann',
            },
          ),
        ),
    });
    const meCalls = () => calls.filter((c) => c.path === '/api/auth/me').length;
    renderApp('/help');
    await screen.findByRole('dialog', { name: TITLE });
    expect(meCalls()).toBe(1);
    await userEvent.click(screen.getByRole('button', { name: 'I agree' }));
    await waitFor(() => expect(meCalls()).toBe(2));
    // The new answer (a name changed elsewhere) reaches the navigation.
    expect(await screen.findAllByText('Annie')).not.toHaveLength(0);
    expect(screen.queryByRole('dialog', { name: TITLE })).toBeNull();
  }, 15_000);

  it("ERR-06: acceptance failure → 'Whoops! Something went wrong, please try refreshing the page.'", async () => {
    server(makeMe({ privacyVersion: null, termsVersion: null }), {
      'POST /api/auth/accept-policies': () => apiError(500),
    });
    renderApp('/help');
    await screen.findByRole('dialog', { name: TITLE });
    await userEvent.click(screen.getByRole('button', { name: 'I agree' }));
    expect(
      await screen.findByText('Whoops! Something went wrong, please try refreshing the page.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: TITLE })).toBeInTheDocument();
  });

  it('POLICY-06: nothing is sent when the current versions are unknown', async () => {
    const { calls } = server(makeMe({ privacyVersion: null, termsVersion: null }), {
      'GET /api/policies/current': () => apiError(500),
    });
    renderApp('/help');
    await screen.findByRole('dialog', { name: TITLE });
    await waitFor(() => expect(screen.getByRole('button', { name: 'I agree' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'I agree' }));
    expect(
      await screen.findByText('Whoops! Something went wrong, please try refreshing the page.'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/auth/accept-policies')).toBe(false);
  });
});
