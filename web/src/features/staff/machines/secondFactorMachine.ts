import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { getFactorStatus } from '../api/factor';
import type { StaffFactorStatus } from '../types';

/**
 * The back office's second-factor gate (issue 14), in front of every /staff page but the door:
 *
 * checking (GET /staff/factor) → enrolling (no authenticator yet) → showingRecoveryCodes (once,
 * after the first code) → ready; or → verifying (enrolled, this session not proved) → ready.
 * A staff call answering 403 `second_factor_required` sends `FACTOR_REQUIRED`: back to
 * checking. The calls themselves are made by the screens, which report their outcome here.
 */
export interface SecondFactorContext {
  status: StaffFactorStatus | null;
  /** Shown once, right after enrolment; dropped on Continue. */
  recoveryCodes: string[];
}

export type SecondFactorEvent =
  | { type: 'ENROLMENT_CONFIRMED'; recoveryCodes: string[] }
  | { type: 'CONTINUE' }
  | { type: 'VERIFIED' }
  | { type: 'FACTOR_REQUIRED' }
  | { type: 'RETRY' };

export const secondFactorMachine = setup({
  types: {
    context: {} as SecondFactorContext,
    events: {} as SecondFactorEvent,
  },
  actors: {
    loadStatus: fromPromise<StaffFactorStatus>(({ signal }) => getFactorStatus(signal)),
  },
  guards: {
    notEnrolled: (_, params: { status: StaffFactorStatus }) => !params.status.enrolled,
    notVerified: (_, params: { status: StaffFactorStatus }) => !params.status.verified,
  },
  actions: {
    storeStatus: assign({
      status: (_, params: { status: StaffFactorStatus }) => params.status,
    }),
    storeRecoveryCodes: assign({
      recoveryCodes: ({ event }) =>
        event.type === 'ENROLMENT_CONFIRMED' ? event.recoveryCodes : [],
    }),
    forgetRecoveryCodes: assign({ recoveryCodes: [] }),
  },
}).createMachine({
  id: 'secondFactor',
  initial: 'checking',
  context: { status: null, recoveryCodes: [] },
  states: {
    checking: {
      invoke: {
        src: 'loadStatus',
        onDone: [
          {
            guard: { type: 'notEnrolled', params: ({ event }) => ({ status: event.output }) },
            target: 'enrolling',
            actions: { type: 'storeStatus', params: ({ event }) => ({ status: event.output }) },
          },
          {
            guard: { type: 'notVerified', params: ({ event }) => ({ status: event.output }) },
            target: 'verifying',
            actions: { type: 'storeStatus', params: ({ event }) => ({ status: event.output }) },
          },
          {
            target: 'ready',
            actions: { type: 'storeStatus', params: ({ event }) => ({ status: event.output }) },
          },
        ],
        onError: 'failed',
      },
    },
    failed: {
      on: { RETRY: 'checking' },
    },
    enrolling: {
      on: {
        ENROLMENT_CONFIRMED: { target: 'showingRecoveryCodes', actions: 'storeRecoveryCodes' },
      },
    },
    showingRecoveryCodes: {
      on: { CONTINUE: { target: 'ready', actions: 'forgetRecoveryCodes' } },
    },
    verifying: {
      on: { VERIFIED: 'ready' },
    },
    ready: {
      on: { FACTOR_REQUIRED: 'checking' },
    },
  },
});

export type SecondFactorActor = ActorRefFrom<typeof secondFactorMachine>;
export type SecondFactorSnapshot = SnapshotFrom<typeof secondFactorMachine>;
export type SecondFactorState =
  'checking' | 'failed' | 'enrolling' | 'showingRecoveryCodes' | 'verifying' | 'ready';
