import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { CONSENT_COOKIE, readConsent, writeConsent, type ConsentChoice } from '../storage';
import { consentMachine } from './consentMachine';

function start(stored: ConsentChoice | null = null) {
  const persist = vi.fn();
  const actor = createActor(
    consentMachine.provide({ actions: { persist: (_, params) => persist(params.choice) } }),
    { input: { stored } },
  );
  actor.start();
  return { actor, persist };
}

describe('cookie consent machine', () => {
  it('CONSENT-01: asks on the first visit', () => {
    expect(start().actor.getSnapshot().value).toBe('asking');
  });

  it('CONSENT-01: does not ask again once a choice is stored', () => {
    expect(start({ essential: true, analytics: false }).actor.getSnapshot().value).toBe('decided');
  });

  it('CONSENT-04: Accept all turns analytics on and stores it', () => {
    const { actor, persist } = start();
    actor.send({ type: 'ACCEPT_ALL' });
    expect(actor.getSnapshot().value).toBe('decided');
    expect(actor.getSnapshot().context.choice).toEqual({ essential: true, analytics: true });
    expect(persist).toHaveBeenCalledWith({ essential: true, analytics: true });
  });

  it('CONSENT-02 CONSENT-05: Manage → analytics off by default → Accept selected stores essential only', () => {
    const { actor, persist } = start();
    actor.send({ type: 'MANAGE' });
    expect(actor.getSnapshot().value).toBe('managing');
    expect(actor.getSnapshot().context.analyticsSelected).toBe(false);
    actor.send({ type: 'ACCEPT_SELECTED' });
    expect(persist).toHaveBeenCalledWith({ essential: true, analytics: false });
    expect(actor.getSnapshot().context.choice?.analytics).toBe(false);
  });

  it('CONSENT-05: Accept selected with analytics switched on stores it', () => {
    const { actor, persist } = start();
    actor.send({ type: 'MANAGE' });
    actor.send({ type: 'TOGGLE_ANALYTICS' });
    actor.send({ type: 'ACCEPT_SELECTED' });
    expect(persist).toHaveBeenCalledWith({ essential: true, analytics: true });
  });

  it('CONSENT-06: Cancel leaves the manage view without saving', () => {
    const { actor, persist } = start();
    actor.send({ type: 'MANAGE' });
    actor.send({ type: 'TOGGLE_ANALYTICS' });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('asking');
    expect(actor.getSnapshot().context.analyticsSelected).toBe(false);
    expect(actor.getSnapshot().context.choice).toBeNull();
    expect(persist).not.toHaveBeenCalled();
  });
});

describe('consent storage', () => {
  it('CONST-15: the cookie is kept for 365 days', () => {
    const spy = vi.spyOn(document, 'cookie', 'set');
    writeConsent({ essential: true, analytics: true });
    expect(spy.mock.calls[0][0]).toContain(`Max-Age=${365 * 24 * 60 * 60}`);
    expect(spy.mock.calls[0][0]).toContain('Path=/');
  });

  it('reads back a stored choice and ignores junk', () => {
    const value = encodeURIComponent(JSON.stringify({ analytics: true }));
    expect(readConsent(`a=b; ${CONSENT_COOKIE}=${value}`)).toEqual({
      essential: true,
      analytics: true,
    });
    expect(readConsent(`${CONSENT_COOKIE}=%7Bnot-json`)).toBeNull();
    expect(readConsent('')).toBeNull();
  });
});
