import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RELEASE_VERSION } from '../../../lib/release';
import { apiError, json, mockFetch, noContent, type Handler } from '../../../test/fetchMock';
import { renderApp } from '../../../test/renderApp';

function server(extra: Record<string, Handler> = {}) {
  return mockFetch({
    'GET /api/auth/verify': () => json({ isLoggedIn: false }),
    'GET /version': () => json({ version: RELEASE_VERSION }),
    'GET /api/policies/current': () =>
      json({
        privacyPolicy: { policyVersion: 3, contentUrl: '/p.html' },
        termsAndConditions: { policyVersion: 4, contentUrl: '/t.html' },
      }),
    'POST /api/auth/signup': () => noContent(),
    ...extra,
  });
}

async function openSignup() {
  renderApp('/signup');
  await screen.findByLabelText(/Your name/);
  const name = screen.getByLabelText(/Your name/);
  const email = screen.getByLabelText(/^Email/);
  return { name, email, button: () => screen.getByRole('button', { name: /Continue|Submitting/ }) };
}

describe('/signup', () => {
  it('AUTH-18 AUTH-20: fields and agreement links to the current policy documents', async () => {
    server();
    await openSignup();
    expect(await screen.findByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/p.html',
    );
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/t.html',
    );
  });

  it('VAL-08: Continue is disabled until the form changes', async () => {
    server();
    const { name, button } = await openSignup();
    expect(button()).toBeDisabled();
    await userEvent.type(name, 'A');
    expect(button()).toBeEnabled();
  });

  it("VAL-04 VAL-06: empty name → 'Your name is required'; empty e-mail → 'Email address is required'", async () => {
    server();
    const { name, button } = await openSignup();
    // A blank name still counts as a change, so the button is enabled.
    await userEvent.type(name, ' ');
    await userEvent.click(button());
    expect(await screen.findByText('Your name is required')).toBeInTheDocument();
    expect(screen.getByText('Email address is required')).toBeInTheDocument();
  });

  it("VAL-05 VAL-06: 'A' → 'Your name must be at least 2 characters'; 'x@y' → 'Must include @'", async () => {
    server();
    const { name, email, button } = await openSignup();
    await userEvent.type(name, 'A');
    await userEvent.type(email, 'x@y');
    await userEvent.click(button());
    expect(await screen.findByText('Your name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Must include @')).toBeInTheDocument();
  });

  it('AUTH-21 AUTH-24 VAL-07 CALLS-41: sends name, lower-cased e-mail and the loaded versions; Check your inbox', async () => {
    const { calls } = server();
    const { name, email, button } = await openSignup();
    await screen.findByRole('link', { name: 'Privacy Policy' });
    await userEvent.type(name, 'Ann');
    await userEvent.type(email, 'Ann@Example.COM');
    await userEvent.click(button());
    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument();
    expect(screen.getByText('ann@example.com')).toBeInTheDocument();
    const post = calls.find((c) => c.path === '/api/auth/signup');
    expect(JSON.parse(post!.body!)).toEqual({
      preferredName: 'Ann',
      email: 'ann@example.com',
      termsAndConditionsVersion: 4,
      privacyPolicyVersion: 3,
    });
  });

  it("AUTH-22: 'Try again' resets the form", async () => {
    server();
    const { name, email, button } = await openSignup();
    await userEvent.type(name, 'Ann');
    await userEvent.type(email, 'ann@example.com');
    await userEvent.click(button());
    await screen.findByRole('heading', { name: 'Check your inbox' });
    await userEvent.click(screen.getByRole('link', { name: 'Try again' }));
    expect(screen.getByLabelText(/Your name/)).toHaveValue('');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('');
  });

  it("AUTH-19 VAL-09: 'Submitting...' and disabled while sending", async () => {
    let release!: () => void;
    server({
      'POST /api/auth/signup': () => new Promise<Response>((r) => (release = () => r(noContent()))),
    });
    const { name, email, button } = await openSignup();
    await userEvent.type(name, 'Ann');
    await userEvent.type(email, 'ann@example.com');
    await userEvent.click(button());
    const busy = await screen.findByRole('button', { name: 'Submitting...' });
    expect(busy).toBeDisabled();
    release();
    await screen.findByRole('heading', { name: 'Check your inbox' });
  });

  it("AUTH-23 ERR-11: failure → 'Well this is awkward...' / 'We are having trouble creating your account'", async () => {
    server({ 'POST /api/auth/signup': () => apiError(500) });
    const { name, email, button } = await openSignup();
    await userEvent.type(name, 'Ann');
    await userEvent.type(email, 'ann@example.com');
    await userEvent.click(button());
    expect(await screen.findByText('Well this is awkward...')).toBeInTheDocument();
    expect(screen.getByText('We are having trouble creating your account')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Refresh the page' })).toBeInTheDocument();
  });

  it("ERR-12: policy load failure → 'We are having trouble loading this page'", async () => {
    server({ 'GET /api/policies/current': () => apiError(500) });
    renderApp('/signup');
    expect(await screen.findByText('We are having trouble loading this page')).toBeInTheDocument();
    expect(screen.getByText('Well this is awkward...')).toBeInTheDocument();
  });

  it('server field errors are shown on the field', async () => {
    server({
      'POST /api/auth/signup': () =>
        apiError(422, 'Invalid', { email: 'That address looks wrong' }),
    });
    const { name, email, button } = await openSignup();
    await userEvent.type(name, 'Ann');
    await userEvent.type(email, 'ann@example.com');
    await userEvent.click(button());
    expect(await screen.findByText('That address looks wrong')).toBeInTheDocument();
  });
});
