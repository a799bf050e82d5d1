import { assign, setup } from 'xstate';
import type { CaseCreated } from '../../../lib/api/types';

/**
 * The start form's steps: eligibility questions → the client's details (brokers only) →
 * property, figures and lender → creating → the case (or the ineligibility message). Whether a
 * case is eligible is the server's answer (status INELIGIBLE), never decided here.
 */
export interface StartCaseContext {
  isBroker: boolean;
  result: CaseCreated | null;
  failed: boolean;
}

export type StartCaseEvent =
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'SUBMIT' }
  | { type: 'CREATED'; result: CaseCreated }
  | { type: 'FAILED' };

export const startCaseMachine = setup({
  types: {
    context: {} as StartCaseContext,
    events: {} as StartCaseEvent,
    input: {} as { isBroker: boolean },
  },
  guards: {
    isBroker: ({ context }) => context.isBroker,
    isIneligible: ({ event }) => event.type === 'CREATED' && event.result.status === 'INELIGIBLE',
  },
  actions: {
    storeResult: assign({
      result: ({ event }) => (event.type === 'CREATED' ? event.result : null),
      failed: false,
    }),
    markFailed: assign({ failed: true }),
  },
}).createMachine({
  id: 'startCase',
  initial: 'eligibility',
  context: ({ input }) => ({ isBroker: input.isBroker, result: null, failed: false }),
  states: {
    eligibility: {
      on: { NEXT: [{ guard: 'isBroker', target: 'client' }, { target: 'property' }] },
    },
    client: {
      on: { NEXT: 'property', BACK: 'eligibility' },
    },
    property: {
      on: {
        SUBMIT: 'submitting',
        BACK: [{ guard: 'isBroker', target: 'client' }, { target: 'eligibility' }],
      },
    },
    submitting: {
      on: {
        CREATED: [
          { guard: 'isIneligible', target: 'ineligible', actions: 'storeResult' },
          { target: 'created', actions: 'storeResult' },
        ],
        FAILED: { target: 'property', actions: 'markFailed' },
      },
    },
    ineligible: { type: 'final' },
    created: { type: 'final' },
  },
});

export const START_STEPS = ['eligibility', 'client', 'property'] as const;

/**
 * 'Step N of M' for a state of the machine: brokers answer three steps, customers two (they
 * have no client step). Creating the case counts as the last step.
 */
export function stepPosition(
  state: string,
  isBroker: boolean,
): { step: number; of: number } | null {
  const steps = START_STEPS.filter((s) => isBroker || s !== 'client');
  const current = state === 'submitting' || state === 'created' ? 'property' : state;
  const index = steps.findIndex((s) => s === current);
  return index < 0 ? null : { step: index + 1, of: steps.length };
}
