import { assign, fromPromise, setup } from 'xstate';
import type { LocalPaymentOutcome, PaymentStarted } from '../api/depositPayment';

export interface DepositInput {
  caseId: number;
}

export interface DepositContext extends DepositInput {
  /** The payment the server started: its provider, reference and where to pay. */
  payment: PaymentStarted | null;
  /** What the buyer answered on the test-payment panel. */
  outcome: LocalPaymentOutcome | null;
  error: unknown;
}

export type DepositEvent =
  { type: 'PAY' } | { type: 'CONFIRM' } | { type: 'CANCEL' } | { type: 'RETRY' };

export interface AnswerInput {
  reference: string;
  outcome: LocalPaymentOutcome;
}

/**
 * Paying a purchase's up-front payment (BUY-POST-11/12): idle → starting (POST
 * /deposit-payment) → redirecting to the payment provider (STRIPE: `redirect` sends the browser
 * to its checkout, which comes back to /deposit?payment=…), or awaitingLocalConfirmation (LOCAL:
 * an installation without a provider shows a test-payment panel) → confirming (POST
 * /local-payment-response with PAID or CANCELLED) → paid, or cancelled (PAY starts again). Any
 * refusal is failed (PAY or RETRY starts again). The calls are actors the page provides (they
 * also refetch the case), so this file is only the flow.
 */
export const depositMachine = setup({
  types: {
    input: {} as DepositInput,
    context: {} as DepositContext,
    events: {} as DepositEvent,
  },
  actors: {
    startPayment: fromPromise<PaymentStarted, DepositInput>(() =>
      Promise.reject(new Error('depositMachine: actor startPayment was not provided')),
    ),
    answerPayment: fromPromise<unknown, AnswerInput>(() =>
      Promise.reject(new Error('depositMachine: actor answerPayment was not provided')),
    ),
  },
  actions: {
    redirect: (_, _params: { url: string }) => {},
  },
  guards: {
    isLocal: (_, payment: PaymentStarted) => payment.provider === 'LOCAL',
    canRedirect: (_, payment: PaymentStarted) => !!payment.redirectUrl,
    answeredPaid: ({ context }) => context.outcome === 'PAID',
  },
}).createMachine({
  id: 'deposit',
  initial: 'idle',
  context: ({ input }) => ({ ...input, payment: null, outcome: null, error: null }),
  states: {
    idle: {
      on: { PAY: 'starting' },
    },
    starting: {
      entry: assign({ error: null, payment: null, outcome: null }),
      invoke: {
        src: 'startPayment',
        input: ({ context }) => ({ caseId: context.caseId }),
        onDone: [
          {
            guard: { type: 'isLocal', params: ({ event }) => event.output },
            target: 'awaitingLocalConfirmation',
            actions: assign({ payment: ({ event }) => event.output }),
          },
          {
            guard: { type: 'canRedirect', params: ({ event }) => event.output },
            target: 'redirecting',
            actions: assign({ payment: ({ event }) => event.output }),
          },
          {
            // A provider's payment without a page to pay on: nothing the buyer can do here.
            target: 'failed',
            actions: assign({ error: () => new Error('The payment has no page to pay on') }),
          },
        ],
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => event.error }),
        },
      },
    },
    // The browser is leaving for the provider's checkout; nothing moves it on here.
    redirecting: {
      entry: {
        type: 'redirect',
        params: ({ context }) => ({ url: context.payment?.redirectUrl ?? '' }),
      },
    },
    awaitingLocalConfirmation: {
      on: {
        CONFIRM: { target: 'confirming', actions: assign({ outcome: 'PAID' }) },
        CANCEL: { target: 'confirming', actions: assign({ outcome: 'CANCELLED' }) },
      },
    },
    confirming: {
      invoke: {
        src: 'answerPayment',
        input: ({ context }) => ({
          reference: context.payment?.reference ?? '',
          outcome: context.outcome ?? 'CANCELLED',
        }),
        onDone: [{ guard: 'answeredPaid', target: 'paid' }, { target: 'cancelled' }],
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => event.error }),
        },
      },
    },
    // The refetched case holds the server's record (`deposit.paidAt`) from now on.
    paid: { type: 'final' },
    cancelled: {
      on: { PAY: 'starting' },
    },
    failed: {
      on: { PAY: 'starting', RETRY: 'starting' },
    },
  },
});
