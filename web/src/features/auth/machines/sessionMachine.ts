import { assign, fromPromise, setup, waitFor, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { ApiError } from '../../../lib/api/errors';
import type { Me, Role, Verify } from '../../../lib/api/types';
import { reportFault } from '../../../lib/errorReporter';
import { getMe } from '../api/getMe';
import { logout } from '../api/logout';
import { logoutAll } from '../api/logoutAll';
import { redeemMagicLink } from '../api/redeemMagicLink';
import { refreshSession } from '../api/refreshSession';
import { verifySession } from '../api/verifySession';
import { isStaffPath, isStaffRole } from '../staff';

/** Spec section 8 texts, word for word. */
export const SESSION_MESSAGES = {
  loginAgain: 'Please log in again to continue.',
  sessionExpired: 'Your session has expired, please log in again.',
  magicLinkExpired: 'Sorry, your magic link has expired, please enter your email address to login.',
} as const;

/** Only these roles may stay signed in to this app (spec section 6). */
export const SUPPORTED_ROLES: readonly Role[] = [
  'ROLE_USER',
  'ROLE_BROKER',
  'ROLE_BROKER_MANAGER',
  'ROLE_BROKER_ADMIN',
];

export interface SessionContext {
  me: Me | null;
  message: string | null;
  token: string | null;
  /** /login/auth without a token: an anonymous answer counts as a failed link. */
  linkMode: boolean;
  /**
   * The token of the link that just failed on /login/auth (used, replaced or expired): /login
   * offers to e-mail its owner a fresh one. Kept until the message goes.
   */
  staleLink: string | null;
  /** One refresh per profile load, so a persistent 401 cannot loop. */
  profileRenewed: boolean;
  /**
   * The check or link was for the back office (/staff): a staff role may stay signed in there.
   * Everywhere else only SUPPORTED_ROLES may (ROLES-04/05).
   */
  staffArea: boolean;
}

export type SessionEvent =
  | { type: 'CHECK'; staff?: boolean }
  | { type: 'MAGIC_LINK'; token: string | null; staff?: boolean }
  /** The customer app is opened: a staff role signed in for the back office is signed out. */
  | { type: 'ENTER_APP' }
  | { type: 'REFRESH_NEEDED' }
  | { type: 'LOGOUT' }
  | { type: 'LOGOUT_ALL' }
  | { type: 'USER_UPDATED'; user: Me['user'] }
  /** GET /auth/me answered again (the profile query, see SessionProvider). */
  | { type: 'PROFILE_LOADED'; me: Me }
  | { type: 'POLICIES_ACCEPTED'; privacyVersion: number; termsVersion: number }
  | { type: 'CLEAR_MESSAGE' };

function isAuthFailure(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    verifySession: fromPromise<Verify>(({ signal }) => verifySession(signal)),
    loadProfile: fromPromise<Me>(({ signal }) => getMe(signal)),
    redeemMagicLink: fromPromise<void, { token: string }>(({ input, signal }) =>
      redeemMagicLink(input.token, signal),
    ),
    refreshSession: fromPromise<void>(() => refreshSession()),
    logout: fromPromise<void>(() => logout()),
    logoutAll: fromPromise<void>(() => logoutAll()),
  },
  guards: {
    hasToken: ({ event }) => event.type === 'MAGIC_LINK' && !!event.token,
    isLoggedIn: (_, params: { isLoggedIn: boolean }) => params.isLoggedIn,
    inLinkMode: ({ context }) => context.linkMode,
    unsupportedRole: ({ context }, params: { role: Role }) =>
      !SUPPORTED_ROLES.includes(params.role) && !(context.staffArea && isStaffRole(params.role)),
    staffInApp: ({ context }) => !!context.me && !SUPPORTED_ROLES.includes(context.me.role),
    notOnboarded: ({ context }) => !context.me?.user.isOnboarded,
    canRenewProfile: ({ context }, params: { error: unknown }) =>
      !context.profileRenewed && isAuthFailure(params.error),
  },
  actions: {
    setMessage: assign({ message: (_, params: { message: string }) => params.message }),
    clearMessage: assign({ message: null, staleLink: null }),
    storeProfile: assign({ me: (_, params: { me: Me }) => params.me }),
    clearSession: assign({ me: null, token: null, linkMode: false, profileRenewed: false }),
    rememberToken: assign({
      token: ({ event }) => (event.type === 'MAGIC_LINK' ? event.token : null),
      linkMode: false,
      staleLink: null,
    }),
    keepStaleLink: assign({ staleLink: ({ context }) => context.token }),
    enterLinkMode: assign({ linkMode: true, token: null }),
    setArea: assign({
      staffArea: ({ event }) =>
        (event.type === 'CHECK' || event.type === 'MAGIC_LINK') && event.staff === true,
    }),
    leaveStaffArea: assign({ staffArea: false }),
    markProfileRenewed: assign({ profileRenewed: true }),
    resetProfileRenewed: assign({ profileRenewed: false }),
    updateUser: assign({
      me: ({ context, event }) =>
        event.type === 'USER_UPDATED' && context.me
          ? { ...context.me, user: event.user }
          : context.me,
    }),
    updatePolicies: assign({
      me: ({ context, event }) =>
        event.type === 'POLICIES_ACCEPTED' && context.me
          ? {
              ...context.me,
              privacyVersion: event.privacyVersion,
              termsVersion: event.termsVersion,
            }
          : context.me,
    }),
    reportLinkFailure: () =>
      reportFault(new Error('Authentication failed'), { page: 'login_auth' }),
    /** Provided by the app: drop cached personal data. */
    clearCache: () => {},
  },
}).createMachine({
  id: 'session',
  initial: 'idle',
  context: {
    me: null,
    message: null,
    token: null,
    linkMode: false,
    staleLink: null,
    profileRenewed: false,
    staffArea: false,
  },
  states: {
    idle: {
      on: {
        CHECK: { target: 'checking', actions: 'setArea' },
        MAGIC_LINK: [
          { guard: 'hasToken', target: 'validatingLink', actions: ['rememberToken', 'setArea'] },
          { target: 'checking', actions: ['enterLinkMode', 'setArea'] },
        ],
      },
    },
    checking: {
      invoke: {
        src: 'verifySession',
        onDone: [
          {
            guard: {
              type: 'isLoggedIn',
              params: ({ event }) => ({ isLoggedIn: event.output.isLoggedIn }),
            },
            target: 'loadingProfile',
          },
          {
            guard: 'inLinkMode',
            target: 'anonymous',
            actions: [
              { type: 'setMessage', params: { message: SESSION_MESSAGES.magicLinkExpired } },
              'reportLinkFailure',
            ],
          },
          { target: 'anonymous' },
        ],
        onError: {
          target: 'loggingOut',
          actions: { type: 'setMessage', params: { message: SESSION_MESSAGES.sessionExpired } },
        },
      },
    },
    validatingLink: {
      invoke: {
        src: 'redeemMagicLink',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: 'loadingProfile',
        onError: {
          target: 'loggingOut',
          actions: [
            { type: 'setMessage', params: { message: SESSION_MESSAGES.magicLinkExpired } },
            'keepStaleLink',
            'reportLinkFailure',
          ],
        },
      },
    },
    loadingProfile: {
      invoke: {
        src: 'loadProfile',
        onDone: [
          {
            guard: {
              type: 'unsupportedRole',
              params: ({ event }) => ({ role: event.output.role }),
            },
            target: 'loggingOut',
            actions: { type: 'setMessage', params: { message: SESSION_MESSAGES.loginAgain } },
          },
          {
            target: 'authenticated',
            actions: { type: 'storeProfile', params: ({ event }) => ({ me: event.output }) },
          },
        ],
        onError: [
          {
            guard: { type: 'canRenewProfile', params: ({ event }) => ({ error: event.error }) },
            target: 'renewingForProfile',
          },
          {
            target: 'loggingOut',
            actions: { type: 'setMessage', params: { message: SESSION_MESSAGES.sessionExpired } },
          },
        ],
      },
    },
    renewingForProfile: {
      entry: 'markProfileRenewed',
      invoke: {
        src: 'refreshSession',
        onDone: 'loadingProfile',
        onError: {
          target: 'loggingOut',
          actions: { type: 'setMessage', params: { message: SESSION_MESSAGES.loginAgain } },
        },
      },
    },
    authenticated: {
      initial: 'resolving',
      entry: ['clearMessage', 'resetProfileRenewed'],
      on: {
        REFRESH_NEEDED: 'refreshing',
        ENTER_APP: [
          {
            guard: 'staffInApp',
            target: 'loggingOut',
            actions: { type: 'setMessage', params: { message: SESSION_MESSAGES.loginAgain } },
          },
          { actions: 'leaveStaffArea' },
        ],
        LOGOUT: 'loggingOut',
        LOGOUT_ALL: 'loggingOutEverywhere',
        USER_UPDATED: { target: '.resolving', actions: 'updateUser' },
        PROFILE_LOADED: {
          target: '.resolving',
          actions: { type: 'storeProfile', params: ({ event }) => ({ me: event.me }) },
        },
        POLICIES_ACCEPTED: { actions: 'updatePolicies' },
      },
      states: {
        resolving: {
          always: [{ guard: 'notOnboarded', target: 'onboarding' }, { target: 'signedIn' }],
        },
        onboarding: {},
        signedIn: {},
        hist: { type: 'history' },
      },
    },
    refreshing: {
      on: {
        ENTER_APP: {
          guard: 'staffInApp',
          target: 'loggingOut',
          actions: { type: 'setMessage', params: { message: SESSION_MESSAGES.loginAgain } },
        },
      },
      invoke: {
        src: 'refreshSession',
        onDone: 'authenticated.hist',
        onError: {
          target: 'loggingOut',
          actions: { type: 'setMessage', params: { message: SESSION_MESSAGES.loginAgain } },
        },
      },
    },
    loggingOut: {
      invoke: { src: 'logout', onDone: 'anonymous', onError: 'anonymous' },
    },
    loggingOutEverywhere: {
      invoke: { src: 'logoutAll', onDone: 'anonymous', onError: 'loggingOut' },
    },
    anonymous: {
      entry: ['clearSession', 'clearCache'],
      on: {
        CHECK: { target: 'checking', actions: 'setArea' },
        MAGIC_LINK: [
          { guard: 'hasToken', target: 'validatingLink', actions: ['rememberToken', 'setArea'] },
          { target: 'checking', actions: ['enterLinkMode', 'setArea'] },
        ],
        CLEAR_MESSAGE: { actions: 'clearMessage' },
      },
    },
  },
});

export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

export type SessionStatus = 'pending' | 'anonymous' | 'onboarding' | 'signedIn';

/** What screens and guards need to know. Refreshing keeps the status it had before. */
export function sessionStatus(snapshot: SessionSnapshot): SessionStatus {
  if (snapshot.matches({ authenticated: 'onboarding' })) return 'onboarding';
  if (snapshot.matches({ authenticated: 'signedIn' })) return 'signedIn';
  if (snapshot.matches('refreshing') && snapshot.context.me) {
    return snapshot.context.me.user.isOnboarded ? 'signedIn' : 'onboarding';
  }
  if (snapshot.matches('anonymous')) return 'anonymous';
  return 'pending';
}

export interface SessionFlags {
  isBroker: boolean;
  isBrokerManager: boolean;
  isBrokerAdmin: boolean;
  isLender: boolean;
  buyingEnabled: boolean;
  /** The AI assistant (AI_BOT feature): its page and the Help page's entry to it. */
  assistantEnabled: boolean;
  /** A purchase's source-of-funds page (SOF feature, issue 33) and the case page's entry to it. */
  sourceOfFundsEnabled: boolean;
}

/**
 * Spec section 6: broker roles, exact manager/admin flags, lender only for brokers, the BUYING,
 * AI_BOT and SOF features.
 */
export function sessionFlags(me: Me | null): SessionFlags {
  const role = me?.role;
  const isBroker =
    role === 'ROLE_BROKER' || role === 'ROLE_BROKER_MANAGER' || role === 'ROLE_BROKER_ADMIN';
  return {
    isBroker,
    isBrokerManager: role === 'ROLE_BROKER_MANAGER',
    isBrokerAdmin: role === 'ROLE_BROKER_ADMIN',
    isLender: isBroker && me?.isLender === true,
    buyingEnabled: me?.enabledFeatures.includes('BUYING') ?? false,
    assistantEnabled: me?.enabledFeatures.includes('AI_BOT') ?? false,
    sourceOfFundsEnabled: me?.enabledFeatures.includes('SOF') ?? false,
  };
}

/**
 * Ask the session to refresh (after a 401/403) and wait for the outcome. Concurrent callers
 * share the one refresh: the machine ignores REFRESH_NEEDED while it is already refreshing.
 */
export async function requestRefresh(actor: SessionActor): Promise<boolean> {
  const before = actor.getSnapshot();
  if (!before.matches('authenticated') && !before.matches('refreshing')) return false;
  actor.send({ type: 'REFRESH_NEEDED' });
  const after = await waitFor(actor, (s) => !s.matches('refreshing'));
  return after.matches('authenticated');
}

/**
 * Resolves once the session knows whether someone is signed in (starting the check if needed;
 * `staff`: the check is for the back office, where a staff role may stay signed in).
 */
export async function whenSessionResolved(
  actor: SessionActor,
  { staff = false }: { staff?: boolean } = {},
): Promise<SessionSnapshot> {
  if (actor.getSnapshot().matches('idle')) actor.send({ type: 'CHECK', staff });
  return waitFor(actor, (s) => sessionStatus(s) !== 'pending');
}

/**
 * The customer app's guards: as whenSessionResolved, but a staff role signed in for the back
 * office is signed out first with 'Please log in again to continue.' (ROLES-04/05 hold for every
 * customer route).
 */
export async function whenAppSessionResolved(actor: SessionActor): Promise<SessionSnapshot> {
  const snapshot = await whenSessionResolved(actor);
  const role = snapshot.context.me?.role;
  if (!role || SUPPORTED_ROLES.includes(role)) return snapshot;
  actor.send({ type: 'ENTER_APP' });
  return whenSessionResolved(actor);
}

/** The session check on page load: none on /login/auth (the link decides), staff on /staff. */
export function checkOnLoad(actor: SessionActor, pathname: string): void {
  if (!pathname.startsWith('/login/auth')) {
    actor.send({ type: 'CHECK', staff: isStaffPath(pathname) });
  }
}
