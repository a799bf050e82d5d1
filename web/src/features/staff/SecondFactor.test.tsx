import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, noContent } from '../../test/fetchMock';
import { renderApp } from '../../test/renderApp';
import { CONVEYANCER, staffServer } from '../../test/staff';
import { STAFF_TEXTS } from './texts';

const ENROLMENT = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUri: 'otpauth://totp/Threshold:connie?secret=JBSWY3DPEHPK3PXP&issuer=Threshold',
  qrSvg:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>',
};

function error(status: number, code: string, message: string, fields?: Record<string, string>) {
  return json({ error: { code, message, ...(fields ? { fields } : {}) } }, status);
}

const bodiesOf = (calls: { method: string; path: string; body: string | null }[], path: string) =>
  calls.filter((c) => c.method === 'POST' && c.path === path).map((c) => JSON.parse(c.body!));

describe('the second-factor gate', () => {
  it('not enrolled: QR code and key, the first code confirms, recovery codes once, Continue → queue', async () => {
    const { calls } = staffServer(CONVEYANCER, {
      'GET /api/staff/factor': () =>
        json({ enrolled: false, verified: false, recoveryCodesLeft: 0 }),
      'POST /api/staff/factor/enrolment': () => json(ENROLMENT),
      'POST /api/staff/factor/enrolment/confirm': () =>
        json({ recoveryCodes: ['abcd-efgh', 'ijkl-mnop'] }),
    });
    renderApp('/staff');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Set up your authenticator app' }),
    ).toBeInTheDocument();
    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr).toHaveAttribute(
      'src',
      `data:image/svg+xml;utf8,${encodeURIComponent(ENROLMENT.qrSvg)}`,
    );
    expect(screen.getByLabelText('Or enter this key')).toHaveValue('JBSWY3DPEHPK3PXP');
    // Nothing behind the gate is asked for yet.
    expect(calls.some((c) => c.path === '/api/staff/cases')).toBe(false);
    expect(bodiesOf(calls, '/api/staff/factor/enrolment')).toEqual([{}]);

    const code = screen.getByLabelText(/Code from your app/);
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(STAFF_TEXTS.codeInvalid)).toBeInTheDocument();
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(
      await screen.findByText('Save these recovery codes. Each works once if you lose your phone.'),
    ).toBeInTheDocument();
    expect(screen.getByText('abcd-efgh')).toBeInTheDocument();
    expect(screen.getByText('ijkl-mnop')).toBeInTheDocument();
    expect(bodiesOf(calls, '/api/staff/factor/enrolment/confirm')).toEqual([{ code: '123456' }]);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Work queue' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('abcd-efgh')).toBeNull();
  });

  it('a wrong first code (422) is shown on the code field', async () => {
    staffServer(CONVEYANCER, {
      'GET /api/staff/factor': () =>
        json({ enrolled: false, verified: false, recoveryCodesLeft: 0 }),
      'POST /api/staff/factor/enrolment': () => json(ENROLMENT),
      'POST /api/staff/factor/enrolment/confirm': () =>
        error(422, 'validation_failed', 'Invalid', { code: 'That code did not match' }),
    });
    renderApp('/staff');
    await userEvent.type(await screen.findByLabelText(/Code from your app/), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('That code did not match')).toBeInTheDocument();
    expect(screen.getByLabelText(/Code from your app/)).toHaveAttribute('aria-invalid', 'true');
  });

  it("enrolled but not verified: 'Enter your code', Verify → 204 → the queue", async () => {
    const { calls } = staffServer(CONVEYANCER, {
      'GET /api/staff/factor': () =>
        json({ enrolled: true, verified: false, recoveryCodesLeft: 9 }),
      'POST /api/staff/factor/verify': () => noContent(),
    });
    renderApp('/staff');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Enter your code' }),
    ).toBeInTheDocument();
    const code = screen.getByLabelText(/Code from your app/);
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await userEvent.type(code, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Work queue' }),
    ).toBeInTheDocument();
    expect(bodiesOf(calls, '/api/staff/factor/verify')).toEqual([{ code: '654321' }]);
  });

  it("'Use a recovery code instead' sends {recoveryCode}; its 422 is shown on its field", async () => {
    let n = 0;
    const { calls } = staffServer(CONVEYANCER, {
      'GET /api/staff/factor': () =>
        json({ enrolled: true, verified: false, recoveryCodesLeft: 9 }),
      'POST /api/staff/factor/verify': () =>
        ++n === 1
          ? error(422, 'validation_failed', 'Invalid', { recoveryCode: 'That code has been used' })
          : noContent(),
    });
    renderApp('/staff');
    await screen.findByRole('heading', { level: 1, name: 'Enter your code' });
    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    expect(screen.queryByLabelText(/Code from your app/)).toBeNull();
    await userEvent.type(screen.getByLabelText(/Recovery code/), 'abcd-efgh');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code has been used')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/Recovery code/));
    await userEvent.type(screen.getByLabelText(/Recovery code/), 'ijkl-mnop');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('heading', { level: 1, name: 'Work queue' });
    expect(bodiesOf(calls, '/api/staff/factor/verify')).toEqual([
      { recoveryCode: 'abcd-efgh' },
      { recoveryCode: 'ijkl-mnop' },
    ]);
  });

  it('too many tries (429) shows the server message', async () => {
    staffServer(CONVEYANCER, {
      'GET /api/staff/factor': () =>
        json({ enrolled: true, verified: false, recoveryCodesLeft: 9 }),
      'POST /api/staff/factor/verify': () =>
        error(429, 'rate_limited', 'Too many codes tried. Wait a few minutes and try again.'),
    });
    renderApp('/staff');
    await userEvent.type(await screen.findByLabelText(/Code from your app/), '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('Too many codes tried. Wait a few minutes and try again.'),
    ).toBeInTheDocument();
  });

  it('a staff call answering 403 second_factor_required sends the user back to the gate', async () => {
    let verified = true;
    const { calls } = staffServer(CONVEYANCER, {
      'GET /api/staff/factor': () => json({ enrolled: true, verified, recoveryCodesLeft: 9 }),
      'GET /api/staff/cases': () => {
        verified = false;
        return error(403, 'second_factor_required', 'Prove your second factor first');
      },
    });
    renderApp('/staff');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Enter your code' }),
    ).toBeInTheDocument();
    // The 403 is an answer, not an expired session: no refresh was attempted.
    expect(calls.some((c) => c.path === '/api/auth/refresh')).toBe(false);
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/staff/factor')).toHaveLength(2),
    );
  });
});
