import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, type Handler } from '../../test/fetchMock';
import { makeMe, signedInServer } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { ABOUT_YOU_MESSAGES, ageOn, normaliseUkPhone } from './validation';

function server(extra: Record<string, Handler> = {}) {
  return signedInServer(makeMe({}, { isOnboarded: false }), {
    'POST /api/users/user-1': async (req) => {
      const body = (await req.json()) as { preferredName: string };
      return json({
        id: 'user-1',
        preferredName: body.preferredName,
        email: 'ann@example.com',
        isOnboarded: true,
      });
    },
    ...extra,
  });
}

async function fill(values: Partial<Record<string, string>> = {}) {
  const v = {
    first: 'Ann',
    surname: 'Smith',
    phone: '07700 900123',
    dob: '1980-05-04',
    ...values,
  };
  if (v.first) await userEvent.type(screen.getByLabelText(/Legal first name/), v.first);
  if (v.surname) await userEvent.type(screen.getByLabelText(/^Surname/), v.surname);
  if (v.phone) await userEvent.type(screen.getByLabelText(/Phone number/), v.phone);
  if (v.dob) await userEvent.type(screen.getByLabelText(/Date of birth/), v.dob);
}

describe('validation helpers', () => {
  it('UK phone numbers', () => {
    expect(normaliseUkPhone('07700 900123')).toBe('07700900123');
    expect(normaliseUkPhone('+44 7700 900123')).toBe('+447700900123');
    expect(normaliseUkPhone('(020) 7946 0018')).toBe('02079460018');
    expect(normaliseUkPhone('12345')).toBeNull();
    expect(normaliseUkPhone('+1 202 555 0100')).toBeNull();
  });
  it('age in whole years', () => {
    expect(ageOn('2008-05-04', new Date(2026, 4, 3))).toBe(17);
    expect(ageOn('2008-05-04', new Date(2026, 4, 4))).toBe(18);
  });
});

describe('/about-you', () => {
  it('AUTH-26 CALLS-06: saves the details, finishes onboarding and goes to redirectTo', async () => {
    const { calls } = server();
    const { router, session } = renderApp('/help');
    await screen.findByRole('heading', { name: 'About you' });
    expect(screen.getByLabelText(/Preferred name/)).toHaveValue('Ann');
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Help' });
    expect(router.state.location.pathname).toBe('/help');
    expect(session.getSnapshot().context.me?.user.isOnboarded).toBe(true);
    const post = calls.find((c) => c.path === '/api/users/user-1');
    expect(JSON.parse(post!.body!)).toEqual({
      preferredName: 'Ann',
      firstName: 'Ann',
      middleNames: null,
      surname: 'Smith',
      phoneNumber: '07700900123',
      dateOfBirth: '1980-05-04',
    });
  });

  it('shows clear messages for missing and invalid answers', async () => {
    server();
    renderApp('/about-you');
    await screen.findByRole('heading', { name: 'About you' });
    await fill({ first: '', surname: '', phone: '123', dob: '2015-01-01' });
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(ABOUT_YOU_MESSAGES.firstNameRequired)).toBeInTheDocument();
    expect(screen.getByText(ABOUT_YOU_MESSAGES.surnameRequired)).toBeInTheDocument();
    expect(screen.getByText(ABOUT_YOU_MESSAGES.phoneInvalid)).toBeInTheDocument();
    expect(screen.getByText(ABOUT_YOU_MESSAGES.dobAdult)).toBeInTheDocument();
  });

  it('shows the server’s field errors (422) on the fields', async () => {
    server({
      'POST /api/users/user-1': () =>
        apiError(422, 'Invalid', { phoneNumber: 'This number cannot receive texts' }),
    });
    renderApp('/about-you');
    await screen.findByRole('heading', { name: 'About you' });
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(screen.getByText('This number cannot receive texts')).toBeInTheDocument(),
    );
  });
});
