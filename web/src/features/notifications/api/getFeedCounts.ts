import { queryOptions, useQuery, type Query } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { isApiError, unwrap } from '../../../lib/api/errors';
import type { FeedCounts } from '../../../lib/api/types';
import { FEED_POLL_MS, FEED_REFUSED_POLL_MS } from '../../../lib/constants';
import { useChangeEvents } from '../../../lib/useChangeEvents';
import { knockHeader, requireToken, useKnockToken } from './knock';

/** GET /feed/counts — how many unarchived and unread items the user has (the badge). */
export async function getFeedCounts(token: string, signal?: AbortSignal): Promise<FeedCounts> {
  return unwrap(
    await api().GET('/feed/counts', { params: { header: knockHeader(token) }, signal }),
  );
}

/**
 * Polled every 20 s, the query stale time: the badge is never fetched again while it is fresh,
 * neither by the poll nor on focus (CACHE-02, CACHE-04). TanStack Query does not poll while the
 * tab is hidden (refetchIntervalInBackground is off); on focus it refetches only a stale count.
 * A refused token (403) slows the polling down rather than stopping it: a refusal while a
 * session is being renewed must not leave the badge (and the invitation modal) stale for good.
 * The token is not in the key: GET /auth/me hands out a new one each time it is fetched (on
 * focus, after every mutation), and a new key would fetch the counts again while fresh. Each
 * call takes the token the session holds then (the cache is cleared when the user changes).
 */
export function feedPollInterval(query: Query<FeedCounts, Error, FeedCounts, readonly unknown[]>) {
  return isApiError(query.state.error, 403) ? FEED_REFUSED_POLL_MS : FEED_POLL_MS;
}

const FEED_COUNTS_KEY = ['feed', 'counts'] as const;

export const feedCountsQuery = (token: string | null) =>
  queryOptions({
    queryKey: FEED_COUNTS_KEY,
    queryFn: ({ signal }) => getFeedCounts(requireToken(token), signal),
    enabled: token !== null,
    refetchInterval: feedPollInterval,
    refetchIntervalInBackground: false,
  });

/**
 * The counts, read again at once when an item arrives: the server's events (GET /feed/events,
 * by the session alone) say so while the user is signed in; the polling stays for a stream
 * that dropped.
 */
export function useFeedCounts() {
  const token = useKnockToken();
  useChangeEvents(token === null ? null : '/api/feed/events', FEED_COUNTS_KEY);
  return useQuery(feedCountsQuery(token));
}
