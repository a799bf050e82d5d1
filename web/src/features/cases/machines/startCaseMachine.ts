import { assign, setup } from 'xstate';
import type { CaseCreated } from '../../../lib/api/types';

/**
 * The start form's steps: eligibility questions → the client's details (brokers only) →
 * property, figures and lender → for a purchase, what affects the price (issue 28: the quote is
 * made when the case is created, so the answers it depends on come first) → creating → the case
 * (or the ineligibility message). Whether a case is eligible is the server's answer (status
 * INELIGIBLE), never decided here.
 */
export interface StartCaseContext {
  isBroker: boolean;
  /** A purchase: the price step follows the property step, and creates the case. */
  asksPrice: boolean;
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
    input: {} as { isBroker: boolean; asksPrice?: boolean },
  },
  guards: {
    isBroker: ({ context }) => context.isBroker,
    asksPrice: ({ context }) => context.asksPrice,
    createsFromProperty: ({ context }) => !context.asksPrice,
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
  context: ({ input }) => ({
    isBroker: input.isBroker,
    asksPrice: input.asksPrice ?? false,
    result: null,
    failed: false,
  }),
  states: {
    eligibility: {
      on: { NEXT: [{ guard: 'isBroker', target: 'client' }, { target: 'property' }] },
    },
    client: {
      on: { NEXT: 'property', BACK: 'eligibility' },
    },
    property: {
      on: {
        NEXT: { guard: 'asksPrice', target: 'price' },
        SUBMIT: { guard: 'createsFromProperty', target: 'submitting' },
        BACK: [{ guard: 'isBroker', target: 'client' }, { target: 'eligibility' }],
      },
    },
    price: {
      on: { SUBMIT: 'submitting', BACK: 'property' },
    },
    submitting: {
      on: {
        CREATED: [
          { guard: 'isIneligible', target: 'ineligible', actions: 'storeResult' },
          { target: 'created', actions: 'storeResult' },
        ],
        FAILED: [
          { guard: 'asksPrice', target: 'price', actions: 'markFailed' },
          { target: 'property', actions: 'markFailed' },
        ],
      },
    },
    ineligible: { type: 'final' },
    created: { type: 'final' },
  },
});

export const START_STEPS = ['eligibility', 'client', 'property', 'price'] as const;

/**
 * 'Step N of M' for a state of the machine: brokers answer a client step that customers do not
 * have, and only a purchase has the price step (a broker's purchase: four steps, a customer's
 * remortgage: two). Creating the case counts as the last step.
 */
export function stepPosition(
  state: string,
  isBroker: boolean,
  asksPrice = false,
): { step: number; of: number } | null {
  const steps = START_STEPS.filter(
    (s) => (isBroker || s !== 'client') && (asksPrice || s !== 'price'),
  );
  const current = state === 'submitting' || state === 'created' ? steps[steps.length - 1] : state;
  const index = steps.findIndex((s) => s === current);
  return index < 0 ? null : { step: index + 1, of: steps.length };
}
