import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { isApiError } from '../../../lib/api/errors';
import type { Quote } from '../../../lib/api/types';
import type { CaseKind } from '../../cases';

/**
 * What the modal shows (spec section 2, "Quote, invitations, dialogs"):
 * - `quote`: a broker's quote ('Your Conveyancing Quote'; accept only, no decline);
 * - `lender`: a lender's invitation with its quote ('Your Conveyancing Invite'; accept or decline);
 * - `invitation`: a case invitation ('Invitation to Conveyancing'; accept or decline);
 * - `donor`: a gift donor's invitation ('Confirm Your Gift Contribution'; accept or decline).
 */
export type InvitationVariant = 'quote' | 'lender' | 'invitation' | 'donor';

export interface InvitationInput {
  /** The feed item the modal is for; it is archived once the invitation is dealt with. */
  itemId: number;
  kind: CaseKind;
  caseId: number;
  variant: InvitationVariant;
}

export interface InvitationContext extends InvitationInput {
  quote: Quote | null;
  error: unknown;
}

export type InvitationEvent =
  | { type: 'ACCEPT' }
  | { type: 'DECLINE' }
  | { type: 'REPORT' }
  | { type: 'CLOSE_REPORT' }
  | { type: 'CLOSE' }
  | { type: 'RETRY' };

export interface LoadQuoteInput {
  kind: CaseKind;
  caseId: number;
}
export interface AcceptInput extends InvitationInput {
  quoteId: number | null;
}
export type DeclineInput = InvitationInput;
export interface CloseDeclinedOutput {
  /** The user has no active case left apart from the one declined (see web/README.md). */
  logout: boolean;
}

function notProvided(name: string) {
  return () => Promise.reject(new Error(`invitationMachine: actor ${name} was not provided`));
}

/**
 * The invitation and quote acceptance flow of the modal overlay (spec section 4 "Invitation
 * flow"). The API calls are actors the modal provides (InvitationModal.tsx), so this file is
 * only the flow: loading quote → showing → accepting → accepted (go to the case, or for a gift
 * donor a thank-you, since the buyers' case is not theirs to see); declining →
 * declined → closing (archive, maybe log out) → closed; a missing quote; any failure → failed
 * (the generic error component).
 */
export const invitationMachine = setup({
  types: {
    input: {} as InvitationInput,
    context: {} as InvitationContext,
    events: {} as InvitationEvent,
  },
  actors: {
    loadQuote: fromPromise<Quote, LoadQuoteInput>(notProvided('loadQuote')),
    /** Answers yes; for a quote also accepts the quote; archives the feed item. */
    accept: fromPromise<void, AcceptInput>(notProvided('accept')),
    /** Answers no (the server archives the invitee's quote and invitation items). */
    decline: fromPromise<void, DeclineInput>(notProvided('decline')),
    /** Archives the item and decides whether the user is logged out. */
    closeDeclined: fromPromise<CloseDeclinedOutput, InvitationInput>(notProvided('closeDeclined')),
    /** Archives the item of a quote that cannot be found. */
    dismiss: fromPromise<void, InvitationInput>(notProvided('dismiss')),
  },
  guards: {
    needsQuote: ({ context }) => context.variant === 'quote' || context.variant === 'lender',
    quoteMissing: (_, params: { error: unknown }) => isApiError(params.error, 404),
    canDecline: ({ context }) => context.variant !== 'quote',
    /** A gift donor is not a party to the buyers' case: there is no case page to go to. */
    isDonor: ({ context }) => context.variant === 'donor',
    shouldLogout: (_, params: { logout: boolean }) => params.logout,
  },
  actions: {
    storeError: assign({ error: (_, params: { error: unknown }) => params.error }),
    clearError: assign({ error: null }),
    /** Provided by the modal: go to the case page (INVITE-09). */
    goToCase: () => {},
    /** Provided by the modal: go to a gift donor's own page, /gift/{caseId} (issue 26). */
    goToGift: () => {},
    /** Provided by the modal: log the user out (INVITE-11). */
    logout: () => {},
  },
}).createMachine({
  id: 'invitation',
  context: ({ input }) => ({ ...input, quote: null, error: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'needsQuote', target: 'loadingQuote' }, { target: 'showing' }],
    },
    loadingQuote: {
      invoke: {
        src: 'loadQuote',
        input: ({ context }) => ({ kind: context.kind, caseId: context.caseId }),
        onDone: {
          target: 'showing',
          actions: assign({ quote: ({ event }) => event.output }),
        },
        onError: [
          {
            guard: { type: 'quoteMissing', params: ({ event }) => ({ error: event.error }) },
            target: 'missing',
          },
          {
            target: 'failed',
            actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    showing: {
      initial: 'viewing',
      on: {
        ACCEPT: 'accepting',
        DECLINE: { guard: 'canDecline', target: 'declining' },
      },
      states: {
        viewing: { on: { REPORT: 'reporting' } },
        /** 'Report an issue': a small dialog pointing the customer to their broker. */
        reporting: { on: { CLOSE_REPORT: 'viewing' } },
      },
    },
    accepting: {
      invoke: {
        src: 'accept',
        input: ({ context }) => ({
          itemId: context.itemId,
          kind: context.kind,
          caseId: context.caseId,
          variant: context.variant,
          quoteId: context.quote?.id ?? null,
        }),
        onDone: 'accepted',
        onError: {
          target: 'failed',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    accepted: { always: [{ guard: 'isDonor', target: 'thanked' }, { target: 'toCase' }] },
    toCase: { type: 'final', entry: 'goToCase' },
    /** A donor's confirmation, said; Close takes them to their gift (never the buyers' case). */
    thanked: { on: { CLOSE: { target: 'closed', actions: 'goToGift' } } },
    declining: {
      invoke: {
        src: 'decline',
        input: ({ context }) => ({
          itemId: context.itemId,
          kind: context.kind,
          caseId: context.caseId,
          variant: context.variant,
        }),
        onDone: 'declined',
        onError: {
          target: 'failed',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    declined: { on: { CLOSE: 'closing' } },
    closing: {
      invoke: {
        src: 'closeDeclined',
        input: ({ context }) => ({
          itemId: context.itemId,
          kind: context.kind,
          caseId: context.caseId,
          variant: context.variant,
        }),
        onDone: [
          {
            guard: {
              type: 'shouldLogout',
              params: ({ event }) => ({ logout: event.output.logout }),
            },
            target: 'closed',
            actions: 'logout',
          },
          { target: 'closed' },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    missing: { on: { CLOSE: 'dismissing' } },
    dismissing: {
      invoke: {
        src: 'dismiss',
        input: ({ context }) => ({
          itemId: context.itemId,
          kind: context.kind,
          caseId: context.caseId,
          variant: context.variant,
        }),
        onDone: 'closed',
        onError: {
          target: 'failed',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** The generic error component; Close hides the modal until the page is loaded again. */
    failed: {
      on: {
        CLOSE: 'closed',
        RETRY: { target: 'starting', actions: 'clearError' },
      },
    },
    closed: { type: 'final' },
  },
});

export type InvitationActor = ActorRefFrom<typeof invitationMachine>;
export type InvitationSnapshot = SnapshotFrom<typeof invitationMachine>;

/** The screen the modal draws for a snapshot; the buttons wait while `isBusy`. */
export type InvitationScreen =
  'loading' | 'showing' | 'thanked' | 'declined' | 'missing' | 'failed' | 'done';

export function invitationScreen(snapshot: InvitationSnapshot): InvitationScreen {
  if (snapshot.matches('starting') || snapshot.matches('loadingQuote')) return 'loading';
  if (
    snapshot.matches('showing') ||
    snapshot.matches('accepting') ||
    snapshot.matches('declining')
  ) {
    return 'showing';
  }
  if (snapshot.matches('thanked')) return 'thanked';
  if (snapshot.matches('declined') || snapshot.matches('closing')) return 'declined';
  if (snapshot.matches('missing') || snapshot.matches('dismissing')) return 'missing';
  if (snapshot.matches('failed')) return 'failed';
  return 'done';
}

export function isBusy(snapshot: InvitationSnapshot): boolean {
  return (
    snapshot.matches('accepting') ||
    snapshot.matches('declining') ||
    snapshot.matches('closing') ||
    snapshot.matches('dismissing')
  );
}
