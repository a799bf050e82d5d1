import { assign, fromPromise, setup } from 'xstate';
import { VERSION_POLL_MS, VERSION_RECHECK_AFTER_DISMISS_MS } from '../../../lib/constants';
import { reportFault } from '../../../lib/errorReporter';
import { getVersion, type VersionInfo } from '../api/getVersion';

export const VERSION_TEXTS = { title: 'Updates Available' } as const;

export interface VersionContext {
  release: string;
  served: string | null;
}

export type VersionEvent = { type: 'UPDATE' } | { type: 'CLOSE' };

/**
 * Version toast (spec section 4): check /version now and every 10 minutes; show the toast when
 * the served version differs from this release; Close waits 24 hours before checking again;
 * Update reloads; a failed check is reported and stops the polling.
 */
export const versionMachine = setup({
  types: {
    context: {} as VersionContext,
    events: {} as VersionEvent,
    input: {} as { release: string },
  },
  actors: {
    fetchVersion: fromPromise<VersionInfo>(({ signal }) => getVersion(signal)),
  },
  delays: {
    POLL_INTERVAL: VERSION_POLL_MS,
    RECHECK_AFTER_DISMISS: VERSION_RECHECK_AFTER_DISMISS_MS,
  },
  guards: {
    differsFromRelease: ({ context }, params: { version: string }) =>
      params.version !== context.release,
  },
  actions: {
    storeServed: assign({ served: (_, params: { version: string }) => params.version }),
    reload: () => window.location.reload(),
    reportFailure: (_, params: { error: unknown }) =>
      reportFault(params.error, { check: 'version' }),
  },
}).createMachine({
  id: 'version',
  context: ({ input }) => ({ release: input.release, served: null }),
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        src: 'fetchVersion',
        onDone: [
          {
            guard: {
              type: 'differsFromRelease',
              params: ({ event }) => ({ version: event.output.version }),
            },
            target: 'updateAvailable',
            actions: {
              type: 'storeServed',
              params: ({ event }) => ({ version: event.output.version }),
            },
          },
          {
            target: 'waiting',
            actions: {
              type: 'storeServed',
              params: ({ event }) => ({ version: event.output.version }),
            },
          },
        ],
        onError: {
          target: 'stopped',
          actions: { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    waiting: {
      after: { POLL_INTERVAL: 'checking' },
    },
    updateAvailable: {
      on: {
        UPDATE: { actions: 'reload' },
        CLOSE: 'dismissed',
      },
    },
    dismissed: {
      after: { RECHECK_AFTER_DISMISS: 'checking' },
    },
    stopped: { type: 'final' },
  },
});
