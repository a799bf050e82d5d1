import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ConsentProvider, useConsent } from './components/ConsentProvider';
import { CookieSettingsLink } from './components/CookieSettingsLink';
import { CONSENT_COOKIE } from './storage';

function Probe() {
  const { decided, analytics } = useConsent();
  return <p>{`decided=${decided} analytics=${analytics}`}</p>;
}

function clearCookie() {
  document.cookie = `${CONSENT_COOKIE}=; Max-Age=0; Path=/`;
}

describe('cookie consent dialog', () => {
  beforeEach(clearCookie);

  it('CONSENT-01 CONSENT-03 CONSENT-04: first visit asks; Accept all stores analytics on', async () => {
    render(
      <ConsentProvider>
        <Probe />
      </ConsentProvider>,
    );
    const dialog = within(screen.getByRole('dialog', { name: 'Cookies on Threshold' }));
    expect(dialog.getByRole('button', { name: 'Manage' })).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Accept all' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('decided=true analytics=true')).toBeInTheDocument();
    expect(document.cookie).toContain(CONSENT_COOKIE);
  });

  it('CONSENT-02 CONSENT-03 CONSENT-05 CONST-16: Manage shows essential locked on, analytics off; Accept selected', async () => {
    render(
      <ConsentProvider>
        <Probe />
      </ConsentProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Manage' }));
    const essential = screen.getByRole('switch', { name: /Essential cookies/ });
    expect(essential).toBeChecked();
    expect(essential).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Analytics cookies' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Accept selected' }));
    expect(screen.getByText('decided=true analytics=false')).toBeInTheDocument();
  });

  it('CONSENT-06: Cancel leaves the manage view without saving', async () => {
    render(
      <ConsentProvider>
        <Probe />
      </ConsentProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Manage' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Analytics cookies' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Accept all' })).toBeInTheDocument();
    expect(screen.getByText('decided=false analytics=false')).toBeInTheDocument();
    expect(document.cookie).not.toContain(CONSENT_COOKIE);
  });

  it('CONSENT-01: a stored choice is not asked again', () => {
    document.cookie = `${CONSENT_COOKIE}=${encodeURIComponent('{"analytics":false}')}; Path=/`;
    render(
      <ConsentProvider>
        <Probe />
      </ConsentProvider>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Cookie settings reopens the manage view; turning analytics off is stored', async () => {
    document.cookie = `${CONSENT_COOKIE}=${encodeURIComponent('{"analytics":true}')}; Path=/`;
    render(
      <ConsentProvider>
        <Probe />
        <CookieSettingsLink />
      </ConsentProvider>,
    );
    expect(screen.getByText('decided=true analytics=true')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cookie settings' }));
    const analytics = screen.getByRole('switch', { name: 'Analytics cookies' });
    expect(analytics).toBeChecked();
    await userEvent.click(analytics);
    await userEvent.click(screen.getByRole('button', { name: 'Accept selected' }));
    expect(screen.getByText('decided=true analytics=false')).toBeInTheDocument();
    expect(decodeURIComponent(document.cookie)).toContain('"analytics":false');
  });
});
