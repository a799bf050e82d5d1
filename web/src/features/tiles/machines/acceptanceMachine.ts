import { assign, fromPromise, setup } from 'xstate';
import type { CaseType, FeedbackPoint } from '../../../lib/api/types';
import { askForFeedback, type FeedbackRequest } from '../../feedback';

export interface AcceptanceInput {
  /** The issued (non-draft) document the owner accepts. */
  documentId: number;
  caseType: CaseType;
  caseId: number;
  /**
   * The feedback point asked about once it is accepted: ACCEPT_COMPLETION_STATEMENT for the
   * completion statement (FEEDBACK-03), none for the mortgage report.
   */
  feedbackPoint: FeedbackPoint | null;
}

export interface AcceptanceContext extends AcceptanceInput {
  /** When this page recorded the acceptance (the server's own time arrives with the case). */
  acceptedAt: string | null;
  error: unknown;
}

export type AcceptanceEvent = { type: 'ACCEPT' } | { type: 'RETRY' };

export interface AcceptInput {
  documentId: number;
}

/**
 * Accepting an issued document (REM-POST-11, REM-POST-15, DOCS-09/10): idle → accepting
 * (POST /document/{documentId}/accept) → accepted, or failed (ACCEPT or RETRY tries again).
 * On acceptance the page says so (`announceAccepted`, a toast) and, for the completion
 * statement, the feedback dialog is asked for (`askForFeedback`, FEEDBACK-03). The call is an
 * actor the page provides (it also refetches the case), so this file is only the flow.
 */
export const acceptanceMachine = setup({
  types: {
    input: {} as AcceptanceInput,
    context: {} as AcceptanceContext,
    events: {} as AcceptanceEvent,
  },
  actors: {
    accept: fromPromise<unknown, AcceptInput>(() =>
      Promise.reject(new Error('acceptanceMachine: actor accept was not provided')),
    ),
  },
  actions: {
    announceAccepted: () => {},
    askForFeedback: (_, params: FeedbackRequest) => askForFeedback(params),
  },
  guards: {
    asksForFeedback: ({ context }) => context.feedbackPoint !== null,
  },
}).createMachine({
  id: 'acceptance',
  initial: 'idle',
  context: ({ input }) => ({ ...input, acceptedAt: null, error: null }),
  states: {
    idle: {
      on: { ACCEPT: 'accepting' },
    },
    accepting: {
      entry: assign({ error: null }),
      invoke: {
        src: 'accept',
        input: ({ context }) => ({ documentId: context.documentId }),
        onDone: [
          {
            guard: 'asksForFeedback',
            target: 'accepted',
            actions: [
              assign({ acceptedAt: () => new Date().toISOString() }),
              'announceAccepted',
              {
                type: 'askForFeedback',
                params: ({ context }) => ({
                  feedbackPoint: context.feedbackPoint as FeedbackPoint,
                  caseType: context.caseType,
                  caseId: context.caseId,
                }),
              },
            ],
          },
          {
            target: 'accepted',
            actions: [assign({ acceptedAt: () => new Date().toISOString() }), 'announceAccepted'],
          },
        ],
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => event.error }),
        },
      },
    },
    failed: {
      on: { ACCEPT: 'accepting', RETRY: 'accepting' },
    },
    // Nothing moves it on: the refetched case shows the server's acceptance from now on.
    accepted: {},
  },
});
