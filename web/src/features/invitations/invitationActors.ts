import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { isApiError } from '../../lib/api/errors';
import type { Quote } from '../../lib/api/types';
import { reportError } from '../../lib/errorReporter';
import { CASE_TYPE, caseOverviewsQuery, caseQuery } from '../cases';
import { archiveFeedItem } from '../notifications';
import { acceptQuote } from './api/acceptQuote';
import { latestQuoteQuery } from './api/getLatestQuote';
import { respondToDonorInvitation } from './api/respondToDonorInvitation';
import { respondToInvitation } from './api/respondToInvitation';
import type {
  AcceptInput,
  CloseDeclinedOutput,
  DeclineInput,
  InvitationInput,
  LoadQuoteInput,
} from './machines/invitationMachine';

export interface InvitationDeps {
  /** The feed token at the time of the call (it can be renewed while the modal is open). */
  knockToken: () => string | null;
  queryClient: QueryClient;
}

/**
 * The API calls behind the invitation machine. Every call the server offers here is safe to
 * repeat, so a retried flow simply sends them again. After any write, every query is refetched
 * (the spec's rule for mutations), which also moves the badge and the case lists on.
 */
export function invitationActors({ knockToken, queryClient }: InvitationDeps) {
  async function archive(itemId: number) {
    const token = knockToken();
    if (!token) throw new Error('The feed item cannot be archived without a knockToken');
    await archiveFeedItem(token, itemId);
  }

  async function write<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      reportError(error, { flow: 'invitation' });
      throw error;
    } finally {
      void queryClient.invalidateQueries();
    }
  }

  async function answer(input: InvitationInput, accepted: boolean) {
    const caseId = String(input.caseId);
    if (input.variant === 'donor') await respondToDonorInvitation(caseId, accepted);
    else await respondToInvitation(input.kind, caseId, accepted);
  }

  /** Whether the declined case is still one of the user's (and so counted as active). */
  async function stillTheirs(input: InvitationInput): Promise<boolean> {
    try {
      await queryClient.fetchQuery({
        ...caseQuery(input.kind, String(input.caseId)),
        staleTime: 0,
      });
      return true;
    } catch (error) {
      if (isApiError(error, 404) || isApiError(error, 403)) return false;
      throw error;
    }
  }

  return {
    loadQuote: fromPromise<Quote, LoadQuoteInput>(({ input }) =>
      queryClient.fetchQuery({
        ...latestQuoteQuery(input.kind, String(input.caseId)),
        staleTime: 0,
      }),
    ),

    accept: fromPromise<void, AcceptInput>(({ input }) =>
      write(async () => {
        // INVITE-05: the answer first; INVITE-07: for a quote, then the quote by its id.
        await answer(input, true);
        if (input.variant === 'quote') {
          if (input.quoteId === null) throw new Error('There is no quote to accept');
          await acceptQuote(input.quoteId, {
            caseType: CASE_TYPE[input.kind],
            caseId: input.caseId,
          });
        }
        // INVITE-08: the item leaves the feed.
        await archive(input.itemId);
      }),
    ),

    decline: fromPromise<void, DeclineInput>(({ input }) => write(() => answer(input, false))),

    /**
     * INVITE-11: Close archives the item, then logs the user out when they have no active case
     * apart from the one they declined (web/README.md, "Declining an invitation").
     */
    closeDeclined: fromPromise<CloseDeclinedOutput, InvitationInput>(({ input }) =>
      write(async () => {
        await archive(input.itemId);
        const overviews = await queryClient.fetchQuery({ ...caseOverviewsQuery(), staleTime: 0 });
        const active = overviews.remortgaging.activeCount + overviews.buying.activeCount;
        const declinedCounted = (await stillTheirs(input)) ? 1 : 0;
        return { logout: active - declinedCounted <= 0 };
      }),
    ),

    dismiss: fromPromise<void, InvitationInput>(({ input }) => write(() => archive(input.itemId))),
  };
}
