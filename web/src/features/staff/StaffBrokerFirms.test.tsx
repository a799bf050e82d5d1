import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json } from '../../test/fetchMock';
import { makeMe } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { CONVEYANCER, staffServer } from '../../test/staff';
import type { BrokerFirm } from './types';

const ADMIN = makeMe(
  { id: '7a000000-0000-4000-8000-000000000002', role: 'ROLE_ADMIN', privacyVersion: null },
  { preferredName: 'Adam Admin', email: 'adam@threshold.example' },
);

const BRIGHT: BrokerFirm = { id: 3, name: 'Bright Mortgages Ltd', referralFee: 0, brokers: 2 };
const KEYS: BrokerFirm = { id: 4, name: 'Keys Finance', referralFee: 25_050, brokers: 1 };

afterEach(() => vi.unstubAllGlobals());

describe('/staff/broker-firms — the referral arrangements (issue 28, item 5)', () => {
  it('is in an administrator’s navigation; a fee is typed in pounds and saved in pence', async () => {
    let firms = [BRIGHT, KEYS];
    const { calls } = staffServer(ADMIN, {
      'GET /api/staff/broker-firms': () => json(firms),
      [`PUT /api/staff/broker-firms/${BRIGHT.id}/referral-fee`]: () => {
        firms = firms.map((f) => (f.id === BRIGHT.id ? { ...f, referralFee: 15_000 } : f));
        return json(firms[0]);
      },
    });
    const { router } = renderApp('/staff');
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Broker firms' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/broker-firms'));
    const bright = await screen.findByRole('region', { name: 'Bright Mortgages Ltd' });
    expect(within(bright).getByText('2 brokers')).toBeInTheDocument();
    const keys = screen.getByRole('region', { name: 'Keys Finance' });
    expect(within(keys).getByLabelText('Referral fee per client (£)')).toHaveValue('250.50');

    const fee = within(bright).getByLabelText('Referral fee per client (£)');
    expect(fee).toHaveValue('0');
    await userEvent.clear(fee);
    await userEvent.type(fee, 'a lot');
    await userEvent.click(
      within(bright).getByRole('button', {
        name: 'Save the referral fee for Bright Mortgages Ltd',
      }),
    );
    expect(
      within(bright).getByText('Enter an amount in pounds, such as 250 or 250.50'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.clear(fee);
    await userEvent.type(fee, '£150');
    await userEvent.click(
      within(bright).getByRole('button', {
        name: 'Save the referral fee for Bright Mortgages Ltd',
      }),
    );
    expect(
      await screen.findByText('The referral fee for Bright Mortgages Ltd is recorded.'),
    ).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(JSON.parse(String(put?.body))).toEqual({ referralFee: 15_000 });
  });

  it('shows the server’s refusal on the field', async () => {
    staffServer(ADMIN, {
      'GET /api/staff/broker-firms': () => json([BRIGHT]),
      [`PUT /api/staff/broker-firms/${BRIGHT.id}/referral-fee`]: () =>
        apiError(422, 'Invalid input', {
          referralFee: 'must be from 0 to 500000 pence (£5,000)',
        }),
    });
    renderApp('/staff/broker-firms');
    const bright = await screen.findByRole('region', { name: 'Bright Mortgages Ltd' });
    const fee = within(bright).getByLabelText('Referral fee per client (£)');
    await userEvent.clear(fee);
    await userEvent.type(fee, '6000');
    await userEvent.click(within(bright).getByRole('button', { name: /Save the referral fee/ }));
    expect(
      await within(bright).findByText('must be from 0 to 500000 pence (£5,000)'),
    ).toBeInTheDocument();
  });

  it('is not for a conveyancer: no link, and the page asks nothing of the server', async () => {
    const { calls } = staffServer(CONVEYANCER);
    renderApp('/staff/broker-firms');
    expect(
      await screen.findByText('Only an administrator records referral arrangements.'),
    ).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(within(nav).queryByRole('link', { name: 'Broker firms' })).toBeNull();
    expect(calls.some((c) => c.path === '/api/staff/broker-firms')).toBe(false);
  });
});
