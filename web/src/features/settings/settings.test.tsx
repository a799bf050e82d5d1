import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Me } from '../../lib/api/types';
import { apiError, json, noContent, type Handler } from '../../test/fetchMock';
import { makeMe, signedInServer } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { ABOUT_YOU_MESSAGES } from '../onboarding';
import type { UserDetails } from './api/getUserDetails';
import { EMAIL_CHANGE_TEXT } from './components/EmailChangeForm';
import { CONFIRM_EMAIL_TEXT } from './routes/ConfirmEmailPage';
import { UNDO_EMAIL_TEXT } from './routes/UndoEmailChangePage';
import { SETTINGS_TEXT } from './validation';

function makeDetails(overrides: Partial<UserDetails> = {}): UserDetails {
  return {
    id: 'user-1',
    preferredName: 'Ann',
    email: 'ann@example.com',
    isOnboarded: true,
    phoneNumber: '+447700900123',
    dateOfBirth: '1980-01-02',
    legalNames: [
      { id: 2, firstName: 'Ann', middleNames: null, surname: 'Jones', until: null },
      {
        id: 1,
        firstName: 'Ann',
        middleNames: 'Marie',
        surname: 'Smith',
        until: '2026-03-05T10:00:00Z',
      },
    ],
    dateOfBirthLocked: false,
    canChangeLegalDetails: true,
    pendingEmailChange: null,
    ...overrides,
  };
}

function server(
  details: UserDetails = makeDetails(),
  extra: Record<string, Handler> = {},
  me: Me = makeMe(),
) {
  return signedInServer(me, {
    'GET /api/auth/sessions': () => json({ sessions: [] }),
    'GET /api/users/user-1': () => json(details),
    'POST /api/users/user-1': async (req) => {
      const body = (await req.json()) as Partial<UserDetails>;
      return json({ ...details, ...body });
    },
    ...extra,
  });
}

function form(name: string) {
  return within(screen.getByRole('form', { name }));
}

async function openSettings() {
  const result = renderApp('/settings');
  await screen.findByRole('form', { name: 'Preferred name' });
  return result;
}

function posted(calls: { method: string; path: string; body: string | null }[], path: string) {
  return calls
    .filter((c) => c.method === 'POST' && c.path === path)
    .map((c) => JSON.parse(c.body ?? '{}') as unknown);
}

describe('/settings: your details', () => {
  it('saves a new preferred name alone and shows it in the sidebar', async () => {
    const { calls } = server();
    await openSettings();
    const name = form('Preferred name');
    const field = name.getByLabelText(/Preferred name/);
    expect(field).toHaveValue('Ann');
    expect(name.getByRole('button', { name: 'Save name' })).toBeDisabled();
    await userEvent.clear(field);
    await userEvent.type(field, 'Annie');
    await userEvent.click(name.getByRole('button', { name: 'Save name' }));
    await waitFor(() =>
      expect(posted(calls, '/api/users/user-1')).toEqual([{ preferredName: 'Annie' }]),
    );
    const navigation = await screen.findByRole('navigation', { name: 'Main navigation' });
    await waitFor(() =>
      expect(within(navigation).getByRole('link', { name: /Annie/ })).toBeInTheDocument(),
    );
  });

  it('checks the phone number inline, then shows the server’s message on the field', async () => {
    const { calls } = server(makeDetails(), {
      'POST /api/users/user-1': () =>
        apiError(422, 'Invalid', { phoneNumber: 'This number cannot be reached' }),
    });
    await openSettings();
    const phone = form('Phone number');
    const field = phone.getByLabelText(/Phone number/);
    await userEvent.clear(field);
    await userEvent.type(field, '123');
    await userEvent.click(phone.getByRole('button', { name: 'Save phone number' }));
    expect(await phone.findByText(ABOUT_YOU_MESSAGES.phoneInvalid)).toBeInTheDocument();
    expect(posted(calls, '/api/users/user-1')).toEqual([]);
    await userEvent.clear(field);
    await userEvent.type(field, '020 7946 0958');
    await userEvent.click(phone.getByRole('button', { name: 'Save phone number' }));
    expect(await phone.findByText('This number cannot be reached')).toBeInTheDocument();
    expect(posted(calls, '/api/users/user-1')).toEqual([{ phoneNumber: '02079460958' }]);
    // The input is kept.
    expect(field).toHaveValue('020 7946 0958');
  });

  it('ENT-04 CALLS-63: lists previous legal names with their end date, deletes one, saves a new name', async () => {
    const { calls } = server(makeDetails(), {
      'DELETE /api/user-legal-name/1': () => noContent(),
    });
    await openSettings();
    const previous = within(screen.getByRole('list', { name: 'Previous legal names' }));
    expect(previous.getByText('Ann Marie Smith')).toBeInTheDocument();
    expect(previous.getByText('Until 05/03/2026')).toBeInTheDocument();
    await userEvent.click(
      previous.getByRole('button', { name: 'Delete previous name Ann Marie Smith' }),
    );
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/user-legal-name/1')).toBe(
        true,
      ),
    );
    const legal = form('Legal name');
    expect(legal.getByLabelText(/Legal first name/)).toHaveValue('Ann');
    expect(legal.getByLabelText(/^Surname/)).toHaveValue('Jones');
    await userEvent.clear(legal.getByLabelText(/^Surname/));
    await userEvent.click(legal.getByRole('button', { name: 'Save legal name' }));
    expect(await legal.findByText(ABOUT_YOU_MESSAGES.surnameRequired)).toBeInTheDocument();
    await userEvent.type(legal.getByLabelText(/^Surname/), 'Brown');
    await userEvent.click(legal.getByRole('button', { name: 'Save legal name' }));
    await waitFor(() =>
      expect(posted(calls, '/api/users/user-1')).toEqual([
        { firstName: 'Ann', middleNames: null, surname: 'Brown' },
      ]),
    );
  });

  it('locks the date of birth once an application is submitted, and says why', async () => {
    server(makeDetails({ dateOfBirthLocked: true }));
    await openSettings();
    const dob = form('Date of birth');
    expect(dob.getByLabelText(/Date of birth/)).toBeDisabled();
    expect(dob.getByLabelText(/Date of birth/)).toHaveAccessibleDescription(
      SETTINGS_TEXT.dobLocked,
    );
    expect(dob.queryByRole('button')).toBeNull();
  });

  it('shows a refusal that names no field above the button', async () => {
    server(makeDetails(), {
      'POST /api/users/user-1': () =>
        json(
          {
            error: {
              code: 'date_of_birth_locked',
              message: 'Your date of birth cannot be changed once an application is submitted.',
            },
          },
          409,
        ),
    });
    await openSettings();
    const dob = form('Date of birth');
    const field = dob.getByLabelText(/Date of birth/);
    await userEvent.clear(field);
    await userEvent.type(field, '1980-01-03');
    await userEvent.click(dob.getByRole('button', { name: 'Save date of birth' }));
    expect(
      await dob.findByText(
        'Your date of birth cannot be changed once an application is submitted.',
      ),
    ).toBeInTheDocument();
    expect(field).toHaveValue('1980-01-03');
  });

  it('asks for an e-mail change and says a link was sent to the new address', async () => {
    const { calls } = server(makeDetails(), {
      'POST /api/users/user-1/email-change': () =>
        json(
          {
            pendingEmailChange: {
              email: 'ann.new@example.com',
              requestedAt: '2026-03-05T10:00:00Z',
              expiresAt: '2026-03-06T10:00:00Z',
            },
          },
          202,
        ),
    });
    await openSettings();
    const email = form('E-mail address');
    expect(email.getByText('ann@example.com')).toBeInTheDocument();
    const field = email.getByLabelText(/New e-mail address/);
    await userEvent.type(field, 'ann.example.com');
    await userEvent.click(email.getByRole('button', { name: 'Send confirmation link' }));
    expect(await email.findByText('Must include @')).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, 'Ann.New@Example.com');
    await userEvent.click(email.getByRole('button', { name: 'Send confirmation link' }));
    expect(
      await email.findByText(/We have sent a confirmation link to ann\.new@example\.com/),
    ).toBeInTheDocument();
    expect(posted(calls, '/api/users/user-1/email-change')).toEqual([
      { email: 'ann.new@example.com' },
    ]);
  });

  it('asks for a fresh sign-in link when the session is not fresh, and sends one to the current address', async () => {
    const message =
      'For your security, sign in again with a link we e-mail you, then change your e-mail address within 10 minutes.';
    const { calls } = server(makeDetails(), {
      'POST /api/users/user-1/email-change': () =>
        json({ error: { code: 'reauthentication_required', message } }, 403),
      'POST /api/auth/refresh': () => noContent(),
      'POST /api/auth': () => noContent(),
    });
    await openSettings();
    const email = form('E-mail address');
    await userEvent.type(email.getByLabelText(/New e-mail address/), 'ann.new@example.com');
    await userEvent.click(email.getByRole('button', { name: 'Send confirmation link' }));
    expect(await email.findByText(message)).toBeInTheDocument();
    // A refreshed session keeps its sign-in time: the 403 is not retried after a refresh.
    expect(posted(calls, '/api/users/user-1/email-change')).toHaveLength(1);
    expect(posted(calls, '/api/auth/refresh')).toEqual([]);
    expect(email.queryByText(/We have sent a confirmation link/)).toBeNull();
    await userEvent.click(email.getByRole('button', { name: EMAIL_CHANGE_TEXT.sendLink }));
    expect(
      await email.findByText(EMAIL_CHANGE_TEXT.linkSent('ann@example.com')),
    ).toBeInTheDocument();
    expect(posted(calls, '/api/auth')).toEqual([
      { username: 'ann@example.com', redirectTo: '/settings' },
    ]);
  });

  it('shows a change waiting for its link', async () => {
    server(
      makeDetails({
        pendingEmailChange: {
          email: 'ann.new@example.com',
          requestedAt: '2026-03-05T10:00:00Z',
          expiresAt: '2026-03-06T10:00:00Z',
        },
      }),
    );
    await openSettings();
    expect(
      form('E-mail address').getByText(/confirmation link to ann\.new@example\.com/),
    ).toBeInTheDocument();
  });

  it('lets a broker change only their name and phone number', async () => {
    server(makeDetails({ canChangeLegalDetails: false }), {}, makeMe({ role: 'ROLE_BROKER' }));
    await openSettings();
    expect(screen.getByRole('form', { name: 'Phone number' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Legal name' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Date of birth' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'E-mail address' })).toBeNull();
    expect(screen.queryByLabelText(/New e-mail address/)).toBeNull();
    expect(screen.getByText(SETTINGS_TEXT.brokerNote)).toBeInTheDocument();
  });
});

describe('/confirm-email', () => {
  it('spends the token with a POST and shows the new address', async () => {
    const { calls } = server(makeDetails(), {
      'POST /api/email-change/confirm': () => json({ email: 'ann.new@example.com' }),
    });
    renderApp('/confirm-email?token=abc');
    expect(
      await screen.findByRole('heading', { name: 'E-mail address changed' }),
    ).toBeInTheDocument();
    expect(screen.getByText('ann.new@example.com')).toBeInTheDocument();
    expect(posted(calls, '/api/email-change/confirm')).toEqual([{ token: 'abc' }]);
  });

  it('says when the link is used or expired (410)', async () => {
    server(makeDetails(), {
      'POST /api/email-change/confirm': () =>
        json({ error: { code: 'email_change_link_invalid', message: 'Gone' } }, 410),
    });
    renderApp('/confirm-email?token=old');
    expect(await screen.findByText(CONFIRM_EMAIL_TEXT.invalid)).toBeInTheDocument();
  });

  it('shows the server’s reason when the address is taken (409)', async () => {
    server(makeDetails(), {
      'POST /api/email-change/confirm': () =>
        json(
          {
            error: {
              code: 'email_taken',
              message: 'Another Threshold account uses this e-mail address.',
            },
          },
          409,
        ),
    });
    renderApp('/confirm-email?token=abc');
    expect(
      await screen.findByText('Another Threshold account uses this e-mail address.'),
    ).toBeInTheDocument();
  });

  it('without a token says the link is not valid and sends nothing', async () => {
    const { calls } = server();
    renderApp('/confirm-email');
    expect(await screen.findByText(CONFIRM_EMAIL_TEXT.invalid)).toBeInTheDocument();
    expect(posted(calls, '/api/email-change/confirm')).toEqual([]);
  });
});

describe('/undo-email-change', () => {
  it('spends the token with a POST and shows the address the account uses again', async () => {
    const { calls } = server(makeDetails(), {
      'POST /api/email-change/undo': () => json({ email: 'ann@example.com', signedOut: false }),
    });
    renderApp('/undo-email-change?token=abc');
    expect(
      await screen.findByRole('heading', { name: 'E-mail change undone' }),
    ).toBeInTheDocument();
    expect(screen.getByText('ann@example.com')).toBeInTheDocument();
    expect(screen.getByText(UNDO_EMAIL_TEXT.done)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(posted(calls, '/api/email-change/undo')).toEqual([{ token: 'abc' }]);
    expect(posted(calls, '/api/auth/logout')).toEqual([]);
  });

  it('forgets this browser’s session when it was signed in to the account', async () => {
    const { calls } = server(makeDetails(), {
      'POST /api/email-change/undo': () => json({ email: 'ann@example.com', signedOut: true }),
      'POST /api/auth/logout': () => noContent(),
    });
    renderApp('/undo-email-change?token=abc');
    expect(
      await screen.findByRole('heading', { name: 'E-mail change undone' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(posted(calls, '/api/auth/logout')).toHaveLength(1));
    expect(screen.getByText('ann@example.com')).toBeInTheDocument();
  });

  it('says when the link is used or expired (410)', async () => {
    server(makeDetails(), {
      'POST /api/email-change/undo': () =>
        json({ error: { code: 'email_change_undo_link_invalid', message: 'Gone' } }, 410),
    });
    renderApp('/undo-email-change?token=old');
    expect(await screen.findByText(UNDO_EMAIL_TEXT.invalid)).toBeInTheDocument();
  });

  it('without a token says the link is not valid and sends nothing', async () => {
    const { calls } = server();
    renderApp('/undo-email-change');
    expect(await screen.findByText(UNDO_EMAIL_TEXT.invalid)).toBeInTheDocument();
    expect(posted(calls, '/api/email-change/undo')).toEqual([]);
  });
});
