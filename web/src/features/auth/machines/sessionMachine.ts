import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { ApiError } from '../../../lib/api/errors';
import type { Me, Role, Verify } from '../../../lib/api/types';
import { reportFault } from '../../../lib/errorReporter';
import { getMe } from '../api/getMe';
import { logout } from '../api/logout';
import { logoutAll } from '../api/logoutAll';
import { redeemMagicLink } from '../api/redeemMagicLink';
import { refreshSession } from '../api/refreshSession';
import { verifySession } from '../api/verifySession';
import { isStaffRole } from '../staff';
import {
  SESSION_MESSAGES,
  SUPPORTED_ROLES,
  type SessionContext,
  type SessionEvent,
} from './sessionContext';

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
