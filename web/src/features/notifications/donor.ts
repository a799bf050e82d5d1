import type { QueryClient } from '@tanstack/react-query';
import { feedQuery } from './api/getFeed';
import { asPendingInvitation, FEED_KINDS } from './kinds';

/**
 * The purchase whose gift the user is asked to confirm: the case of the newest unarchived donor
 * invitation on the first page of their feed (a purchase's only: INVITE-12). Null when there is
 * none, no feed token, or the feed cannot be read. The page is cached as the shell reads it.
 */
export async function pendingDonorCaseId(
  queryClient: QueryClient,
  knockToken: string | null,
): Promise<number | null> {
  if (!knockToken) return null;
  let items;
  try {
    items = (await queryClient.fetchQuery(feedQuery(knockToken, 0))).items;
  } catch {
    return null;
  }
  for (const item of items) {
    const pending = asPendingInvitation(item);
    if (pending?.kind === FEED_KINDS.donorInvitation) return pending.caseId;
  }
  return null;
}
