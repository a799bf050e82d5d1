import { assign, setup } from 'xstate';
import type { ConsentChoice } from '../storage';

export interface ConsentContext {
  /** The analytics switch in the manage view. */
  analyticsSelected: boolean;
  choice: ConsentChoice | null;
}

export type ConsentEvent =
  | { type: 'MANAGE' }
  | { type: 'ACCEPT_ALL' }
  | { type: 'TOGGLE_ANALYTICS' }
  | { type: 'ACCEPT_SELECTED' }
  | { type: 'CANCEL' }
  | { type: 'REOPEN' };

/**
 * Cookie consent (spec sections 1, 2, 9): essential always on, analytics optional and off until
 * chosen. First view: Manage, Accept all. Manage view: Accept selected, Cancel (back, nothing saved).
 */
export const consentMachine = setup({
  types: {
    context: {} as ConsentContext,
    events: {} as ConsentEvent,
    input: {} as { stored: ConsentChoice | null },
  },
  guards: {
    hasStoredChoice: ({ context }) => context.choice !== null,
  },
  actions: {
    /** Provided by the app: write the cookie. */
    persist: (_, _params: { choice: ConsentChoice }) => {},
    chooseAll: assign({ choice: { essential: true, analytics: true } as ConsentChoice }),
    chooseSelected: assign({
      choice: ({ context }) =>
        ({ essential: true, analytics: context.analyticsSelected }) as ConsentChoice,
    }),
    toggleAnalytics: assign({ analyticsSelected: ({ context }) => !context.analyticsSelected }),
    resetSelection: assign({
      analyticsSelected: ({ context }) => context.choice?.analytics ?? false,
    }),
  },
}).createMachine({
  id: 'consent',
  context: ({ input }) => ({
    choice: input.stored,
    analyticsSelected: input.stored?.analytics ?? false,
  }),
  initial: 'init',
  states: {
    init: {
      always: [{ guard: 'hasStoredChoice', target: 'decided' }, { target: 'asking' }],
    },
    asking: {
      on: {
        MANAGE: 'managing',
        ACCEPT_ALL: {
          target: 'decided',
          actions: [
            'chooseAll',
            { type: 'persist', params: () => ({ choice: { essential: true, analytics: true } }) },
          ],
        },
      },
    },
    managing: {
      on: {
        TOGGLE_ANALYTICS: { actions: 'toggleAnalytics' },
        ACCEPT_SELECTED: {
          target: 'decided',
          actions: [
            'chooseSelected',
            {
              type: 'persist',
              params: ({ context }) => ({
                choice: { essential: true, analytics: context.analyticsSelected },
              }),
            },
          ],
        },
        CANCEL: { target: 'asking', actions: 'resetSelection' },
      },
    },
    decided: {
      on: { REOPEN: { target: 'managing', actions: 'resetSelection' } },
    },
  },
});
