import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../../lib/api/errors';
import type { Me, Verify } from '../../../lib/api/types';
import { makeMe } from '../../../test/fixtures';
import {
  requestRefresh,
  sessionStatus,
  whenAppSessionResolved,
  whenSessionResolved,
} from './sessionActor';
import { SESSION_MESSAGES } from './sessionContext';
import { sessionFlags } from './sessionFlags';
import { sessionMachine, type SessionActor } from './sessionMachine';
import { isStaffPath } from '../staff';

interface Fakes {
  verify?: () => Promise<Verify>;
  me?: () => Promise<Me>;
  magic?: (token: string) => Promise<void>;
  refresh?: () => Promise<void>;
  logout?: () => Promise<void>;
  logoutAll?: () => Promise<void>;
}

function deferred<T = void>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function start(fakes: Fakes = {}) {
  const spies = {
    verify: vi.fn(fakes.verify ?? (async () => ({ isLoggedIn: true }))),
    me: vi.fn(fakes.me ?? (async () => makeMe())),
    magic: vi.fn(fakes.magic ?? (async () => {})),
    refresh: vi.fn(fakes.refresh ?? (async () => {})),
    logout: vi.fn(fakes.logout ?? (async () => {})),
    logoutAll: vi.fn(fakes.logoutAll ?? (async () => {})),
    clearCache: vi.fn(),
  };
  const machine = sessionMachine.provide({
    actors: {
      verifySession: fromPromise(() => spies.verify()),
      loadProfile: fromPromise(() => spies.me()),
      redeemMagicLink: fromPromise(({ input }: { input: { token: string } }) =>
        spies.magic(input.token),
      ),
      refreshSession: fromPromise(() => spies.refresh()),
      logout: fromPromise(() => spies.logout()),
      logoutAll: fromPromise(() => spies.logoutAll()),
    },
    actions: { clearCache: spies.clearCache, reportLinkFailure: () => {} },
  });
  const actor = createActor(machine) as unknown as SessionActor;
  actor.start();
  return { actor, spies };
}

const settled = (actor: SessionActor) => waitFor(actor, (s) => sessionStatus(s) !== 'pending');

describe('session machine', () => {
  it('AUTH-27: starts idle (unauthenticated, nothing checked) until told to check', () => {
    const { actor, spies } = start();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(sessionStatus(actor.getSnapshot())).toBe('pending');
    expect(spies.verify).not.toHaveBeenCalled();
  });

  it('AUTH-28 ROLES-02: a valid session loads the profile and is signed in', async () => {
    const { actor, spies } = start();
    actor.send({ type: 'CHECK' });
    const s = await settled(actor);
    expect(sessionStatus(s)).toBe('signedIn');
    expect(spies.verify).toHaveBeenCalledTimes(1);
    expect(spies.me).toHaveBeenCalledTimes(1);
    expect(s.context.me?.user.email).toBe('ann@example.com');
  });

  it('checking → anonymous without a message when nobody is logged in', async () => {
    const { actor, spies } = start({ verify: async () => ({ isLoggedIn: false }) });
    actor.send({ type: 'CHECK' });
    const s = await settled(actor);
    expect(sessionStatus(s)).toBe('anonymous');
    expect(s.context.message).toBeNull();
    expect(spies.me).not.toHaveBeenCalled();
  });

  it('SHELL-03: a user who is not onboarded is in the onboarding state', async () => {
    const { actor } = start({ me: async () => makeMe({}, { isOnboarded: false }) });
    actor.send({ type: 'CHECK' });
    expect(sessionStatus(await settled(actor))).toBe('onboarding');
  });

  it('USER_UPDATED after about-you moves onboarding → signedIn', async () => {
    const { actor } = start({ me: async () => makeMe({}, { isOnboarded: false }) });
    actor.send({ type: 'CHECK' });
    await settled(actor);
    actor.send({
      type: 'USER_UPDATED',
      user: { preferredName: 'Annie', email: 'ann@example.com', isOnboarded: true },
    });
    const s = actor.getSnapshot();
    expect(sessionStatus(s)).toBe('signedIn');
    expect(s.context.me?.user.preferredName).toBe('Annie');
  });

  it('ERR-03: a failed session check sets the expired message and logs out', async () => {
    const { actor, spies } = start({
      verify: async () => {
        throw new ApiError(500, null);
      },
    });
    actor.send({ type: 'CHECK' });
    const s = await settled(actor);
    expect(sessionStatus(s)).toBe('anonymous');
    expect(s.context.message).toBe('Your session has expired, please log in again.');
    expect(spies.logout).toHaveBeenCalledTimes(1);
    expect(spies.clearCache).toHaveBeenCalled();
  });

  it.each(['ROLE_ADMIN', 'ROLE_CONVEYANCER'] as const)(
    'ROLES-04 ROLES-05 ERR-04: unsupported role %s → "Please log in again to continue." and logout',
    async (role) => {
      const { actor, spies } = start({ me: async () => makeMe({ role }) });
      actor.send({ type: 'CHECK' });
      const s = await settled(actor);
      expect(sessionStatus(s)).toBe('anonymous');
      expect(s.context.message).toBe('Please log in again to continue.');
      expect(spies.logout).toHaveBeenCalledTimes(1);
      expect(s.context.me).toBeNull();
    },
  );

  it.each(['ROLE_USER', 'ROLE_BROKER', 'ROLE_BROKER_MANAGER', 'ROLE_BROKER_ADMIN'] as const)(
    'ROLES-02 ROLES-03: %s may stay signed in',
    async (role) => {
      const { actor } = start({ me: async () => makeMe({ role }) });
      actor.send({ type: 'CHECK' });
      expect(sessionStatus(await settled(actor))).toBe('signedIn');
    },
  );

  it('AUTH-15: a magic-link visit validates the token, then loads the profile', async () => {
    const order: string[] = [];
    const { actor, spies } = start({
      magic: async (token) => {
        order.push(`magic:${token}`);
      },
      me: async () => {
        order.push('me');
        return makeMe();
      },
    });
    actor.send({ type: 'MAGIC_LINK', token: 'tok123' });
    expect(sessionStatus(await settled(actor))).toBe('signedIn');
    expect(order).toEqual(['magic:tok123', 'me']);
    expect(spies.verify).not.toHaveBeenCalled();
  });

  it('AUTH-16 AUTH-17 ERR-01: a failed magic link → expired-link message and logout', async () => {
    const { actor, spies } = start({
      magic: async () => {
        throw new ApiError(401, null);
      },
    });
    actor.send({ type: 'MAGIC_LINK', token: 'used' });
    const s = await settled(actor);
    expect(sessionStatus(s)).toBe('anonymous');
    expect(s.context.message).toBe(
      'Sorry, your magic link has expired, please enter your email address to login.',
    );
    expect(spies.logout).toHaveBeenCalled();
  });

  it('AUTH-16: a failed link is kept for a renewal until its message goes', async () => {
    const { actor } = start({
      magic: async () => {
        throw new ApiError(401, null);
      },
    });
    actor.send({ type: 'MAGIC_LINK', token: 'used' });
    const s = await settled(actor);
    expect(s.context.staleLink).toBe('used');
    expect(s.context.token).toBeNull();
    actor.send({ type: 'CLEAR_MESSAGE' });
    expect(actor.getSnapshot().context.staleLink).toBeNull();
  });

  it('AUTH-13: /login/auth without a token checks the session; signed in → no link request', async () => {
    const { actor, spies } = start();
    actor.send({ type: 'MAGIC_LINK', token: null });
    expect(sessionStatus(await settled(actor))).toBe('signedIn');
    expect(spies.magic).not.toHaveBeenCalled();
  });

  it('/login/auth without a token and no session counts as a failed link', async () => {
    const { actor } = start({ verify: async () => ({ isLoggedIn: false }) });
    actor.send({ type: 'MAGIC_LINK', token: null });
    const s = await settled(actor);
    expect(s.context.message).toBe(SESSION_MESSAGES.magicLinkExpired);
  });

  it('a 401 from /auth/me during the check refreshes once and reloads the profile', async () => {
    let calls = 0;
    const { actor, spies } = start({
      me: async () => {
        calls += 1;
        if (calls === 1) throw new ApiError(401, null);
        return makeMe();
      },
    });
    actor.send({ type: 'CHECK' });
    expect(sessionStatus(await settled(actor))).toBe('signedIn');
    expect(spies.refresh).toHaveBeenCalledTimes(1);
    expect(spies.me).toHaveBeenCalledTimes(2);
  });

  it('AUTH-29 AUTH-30: concurrent 401s share ONE refresh and all retry after it', async () => {
    const gate = deferred();
    const { actor, spies } = start({ refresh: () => gate.promise });
    actor.send({ type: 'CHECK' });
    await settled(actor);

    const results = Promise.all([
      requestRefresh(actor),
      requestRefresh(actor),
      requestRefresh(actor),
    ]);
    expect(actor.getSnapshot().value).toBe('refreshing');
    // While refreshing, the user keeps their signed-in status (no flash of the login page).
    expect(sessionStatus(actor.getSnapshot())).toBe('signedIn');
    gate.resolve();
    expect(await results).toEqual([true, true, true]);
    expect(spies.refresh).toHaveBeenCalledTimes(1);
    expect(sessionStatus(actor.getSnapshot())).toBe('signedIn');
  });

  it('refreshing returns to the state it came from (onboarding stays onboarding)', async () => {
    const { actor } = start({ me: async () => makeMe({}, { isOnboarded: false }) });
    actor.send({ type: 'CHECK' });
    await settled(actor);
    await requestRefresh(actor);
    expect(sessionStatus(actor.getSnapshot())).toBe('onboarding');
  });

  it('AUTH-32 ERR-05: a failed refresh → "Please log in again to continue." and logout', async () => {
    const { actor, spies } = start({
      refresh: async () => {
        throw new ApiError(401, null);
      },
    });
    actor.send({ type: 'CHECK' });
    await settled(actor);
    const [a, b] = await Promise.all([requestRefresh(actor), requestRefresh(actor)]);
    expect([a, b]).toEqual([false, false]);
    const s = await settled(actor);
    expect(sessionStatus(s)).toBe('anonymous');
    expect(s.context.message).toBe('Please log in again to continue.');
    expect(spies.refresh).toHaveBeenCalledTimes(1);
    expect(spies.logout).toHaveBeenCalledTimes(1);
  });

  it('requestRefresh does nothing when nobody is signed in', async () => {
    const { actor, spies } = start({ verify: async () => ({ isLoggedIn: false }) });
    actor.send({ type: 'CHECK' });
    await settled(actor);
    expect(await requestRefresh(actor)).toBe(false);
    expect(spies.refresh).not.toHaveBeenCalled();
  });

  it('AUTH-33: LOGOUT calls /auth/logout and ends anonymous, clearing cached data', async () => {
    const { actor, spies } = start();
    actor.send({ type: 'CHECK' });
    await settled(actor);
    actor.send({ type: 'LOGOUT' });
    expect(sessionStatus(actor.getSnapshot())).toBe('pending');
    const s = await settled(actor);
    expect(sessionStatus(s)).toBe('anonymous');
    expect(s.context.message).toBeNull();
    expect(spies.logout).toHaveBeenCalledTimes(1);
    expect(spies.clearCache).toHaveBeenCalled();
  });

  it('SHELL-18: LOGOUT_ALL calls /auth/logout-all and ends anonymous', async () => {
    const { actor, spies } = start();
    actor.send({ type: 'CHECK' });
    await settled(actor);
    actor.send({ type: 'LOGOUT_ALL' });
    expect(sessionStatus(await settled(actor))).toBe('anonymous');
    expect(spies.logoutAll).toHaveBeenCalledTimes(1);
  });

  it('POLICY-06: POLICIES_ACCEPTED records the accepted versions', async () => {
    const { actor } = start({
      me: async () => makeMe({ privacyVersion: null, termsVersion: null }),
    });
    actor.send({ type: 'CHECK' });
    await settled(actor);
    actor.send({ type: 'POLICIES_ACCEPTED', privacyVersion: 3, termsVersion: 4 });
    const me = actor.getSnapshot().context.me;
    expect([me?.privacyVersion, me?.termsVersion]).toEqual([3, 4]);
  });

  it('a message survives until the next successful sign-in', async () => {
    const { actor } = start({
      magic: async () => {
        throw new ApiError(401, null);
      },
    });
    actor.send({ type: 'MAGIC_LINK', token: 'bad' });
    await settled(actor);
    expect(actor.getSnapshot().context.message).toBe(SESSION_MESSAGES.magicLinkExpired);
    actor.send({ type: 'CLEAR_MESSAGE' });
    expect(actor.getSnapshot().context.message).toBeNull();
  });

  it('whenSessionResolved starts the check from idle', async () => {
    const { actor, spies } = start();
    const s = await whenSessionResolved(actor);
    expect(sessionStatus(s)).toBe('signedIn');
    expect(spies.verify).toHaveBeenCalledTimes(1);
  });
});

describe('the back office (issue 14): staff roles stay signed in for /staff only', () => {
  it.each(['ROLE_CONVEYANCER', 'ROLE_ADMIN'] as const)(
    'a %s redeeming a /staff link is signed in, not logged out',
    async (role) => {
      const { actor, spies } = start({ me: async () => makeMe({ role }) });
      actor.send({ type: 'MAGIC_LINK', token: 'tok', staff: true });
      const s = await settled(actor);
      expect(sessionStatus(s)).toBe('signedIn');
      expect(s.context.message).toBeNull();
      expect(spies.logout).not.toHaveBeenCalled();
    },
  );

  it('a back-office session check (page load on /staff) keeps a conveyancer signed in', async () => {
    const { actor, spies } = start({ me: async () => makeMe({ role: 'ROLE_CONVEYANCER' }) });
    actor.send({ type: 'CHECK', staff: true });
    expect(sessionStatus(await settled(actor))).toBe('signedIn');
    expect(spies.logout).not.toHaveBeenCalled();
  });

  it('ROLES-04: the same conveyancer on a customer link is still logged out with the message', async () => {
    const { actor, spies } = start({ me: async () => makeMe({ role: 'ROLE_CONVEYANCER' }) });
    actor.send({ type: 'MAGIC_LINK', token: 'tok', staff: false });
    const s = await settled(actor);
    expect(sessionStatus(s)).toBe('anonymous');
    expect(s.context.message).toBe(SESSION_MESSAGES.loginAgain);
    expect(spies.logout).toHaveBeenCalledTimes(1);
  });

  it('a customer following a /staff link stays signed in (the page tells them it is not theirs)', async () => {
    const { actor } = start();
    actor.send({ type: 'MAGIC_LINK', token: 'tok', staff: true });
    expect(sessionStatus(await settled(actor))).toBe('signedIn');
  });

  it('ENTER_APP: a conveyancer opening the customer app is logged out with the message', async () => {
    const { actor, spies } = start({ me: async () => makeMe({ role: 'ROLE_CONVEYANCER' }) });
    actor.send({ type: 'CHECK', staff: true });
    await settled(actor);
    const s = await whenAppSessionResolved(actor);
    expect(sessionStatus(s)).toBe('anonymous');
    expect(s.context.message).toBe(SESSION_MESSAGES.loginAgain);
    expect(spies.logout).toHaveBeenCalledTimes(1);
  });

  it('ENTER_APP changes nothing for a customer', async () => {
    const { actor, spies } = start();
    actor.send({ type: 'CHECK', staff: true });
    await settled(actor);
    expect(sessionStatus(await whenAppSessionResolved(actor))).toBe('signedIn');
    expect(spies.logout).not.toHaveBeenCalled();
  });

  it('after signing out on /staff, a later customer check is a customer one again', async () => {
    const { actor, spies } = start({ me: async () => makeMe({ role: 'ROLE_ADMIN' }) });
    actor.send({ type: 'CHECK', staff: true });
    await settled(actor);
    actor.send({ type: 'LOGOUT' });
    await settled(actor);
    actor.send({ type: 'CHECK' });
    const s = await settled(actor);
    expect(sessionStatus(s)).toBe('anonymous');
    expect(s.context.message).toBe(SESSION_MESSAGES.loginAgain);
    expect(spies.logout).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['/staff', true],
    ['/staff/cases/buying/1', true],
    ['/staff?page=2', true],
    ['/staffing', false],
    ['/help', false],
    [undefined, false],
  ])('isStaffPath(%s) is %s', (path, expected) => {
    expect(isStaffPath(path)).toBe(expected);
  });
});

describe('session flags (spec section 6)', () => {
  it('ROLES-06: broker roles are brokers; ROLE_USER is not', () => {
    expect(sessionFlags(makeMe({ role: 'ROLE_BROKER' })).isBroker).toBe(true);
    expect(sessionFlags(makeMe({ role: 'ROLE_BROKER_MANAGER' })).isBroker).toBe(true);
    expect(sessionFlags(makeMe({ role: 'ROLE_BROKER_ADMIN' })).isBroker).toBe(true);
    expect(sessionFlags(makeMe({ role: 'ROLE_USER' })).isBroker).toBe(false);
  });

  it('ROLES-07: manager and admin flags follow the exact role', () => {
    expect(sessionFlags(makeMe({ role: 'ROLE_BROKER' }))).toMatchObject({
      isBrokerManager: false,
      isBrokerAdmin: false,
    });
    expect(sessionFlags(makeMe({ role: 'ROLE_BROKER_MANAGER' })).isBrokerManager).toBe(true);
    expect(sessionFlags(makeMe({ role: 'ROLE_BROKER_ADMIN' })).isBrokerAdmin).toBe(true);
  });

  it('ROLES-08: lender only when isLender and a broker', () => {
    expect(sessionFlags(makeMe({ role: 'ROLE_USER', isLender: true })).isLender).toBe(false);
    expect(sessionFlags(makeMe({ role: 'ROLE_BROKER', isLender: true })).isLender).toBe(true);
    expect(sessionFlags(makeMe({ role: 'ROLE_BROKER', isLender: false })).isLender).toBe(false);
  });

  it('FLAG-01: buying is enabled only with BUYING in enabledFeatures', () => {
    expect(sessionFlags(makeMe({ enabledFeatures: ['BUYING'] })).buyingEnabled).toBe(true);
    expect(sessionFlags(makeMe({ enabledFeatures: ['AI_BOT'] })).buyingEnabled).toBe(false);
  });

  it('FLAG-02/03: the source-of-funds page is enabled only with SOF in enabledFeatures', () => {
    expect(sessionFlags(makeMe({ enabledFeatures: ['BUYING', 'SOF'] })).sourceOfFundsEnabled).toBe(
      true,
    );
    expect(sessionFlags(makeMe({ enabledFeatures: ['BUYING'] })).sourceOfFundsEnabled).toBe(false);
  });
});
