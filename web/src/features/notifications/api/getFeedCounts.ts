import { queryOptions, useQuery, type Query } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { isApiError, unwrap } from '../../../lib/api/errors';
import type { FeedCounts } from '../../../lib/api/types';
import { FEED_POLL_MS, FEED_REFUSED_POLL_MS } from '../../../lib/constants';
import { knockHeader, requireToken, useKnockToken } from './knock';

/** GET /feed/counts — how many unarchived and unread items the user has (the badge). */
export async function getFeedCounts(token: string, signal?: AbortSignal): Promise<FeedCounts> {
  return unwrap(
    await api().GET('/feed/counts', { params: { header: knockHeader(token) }, signal }),
  );
}

/**
 * Polled every 4 s so the badge changes within 5 s of an item being created. TanStack Query
 * does not poll while the tab is hidden (refetchIntervalInBackground is off) and refetches on
 * focus. A refused token (403) slows the polling down rather than stopping it: a refusal while
 * a session is being renewed must not leave the badge (and the invitation modal) stale for
 * good. A new token is a new query (it is in the key), polled at once.
 */
export function feedPollInterval(query: Query<FeedCounts, Error, FeedCounts, readonly unknown[]>) {
  return isApiError(query.state.error, 403) ? FEED_REFUSED_POLL_MS : FEED_POLL_MS;
}

export const feedCountsQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['feed', 'counts', token],
    queryFn: ({ signal }) => getFeedCounts(requireToken(token), signal),
    enabled: token !== null,
    refetchInterval: feedPollInterval,
    refetchIntervalInBackground: false,
  });

export function useFeedCounts() {
  return useQuery(feedCountsQuery(useKnockToken()));
}
