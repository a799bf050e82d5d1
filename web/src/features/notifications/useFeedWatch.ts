import { useEffect } from 'react';
import { useFeed } from './api/getFeed';
import { useFeedCounts } from './api/getFeedCounts';

/**
 * The shell's view of the feed: the polled counts (the badge) and the first page (the modal
 * overlay's source). The page is fetched again whenever the counts say it has changed, so one
 * small call is polled rather than a page of 30; a page that failed to load (a refusal while
 * the session was renewed is not retried) is fetched again at each poll until it loads.
 */
export function useFeedWatch() {
  const counts = useFeedCounts();
  const feed = useFeed(0);
  const { refetch, isError: pageFailed } = feed;
  const total = counts.data?.totalCount;
  const unread = counts.data?.unreadCount;
  const polledAt = counts.dataUpdatedAt;
  const pageTotal = feed.data?.totalCount;
  const pageUnread = feed.data?.unreadCount;
  useEffect(() => {
    if (total === undefined) return;
    const stale =
      pageTotal === undefined ? pageFailed : total !== pageTotal || unread !== pageUnread;
    if (stale) void refetch();
  }, [total, unread, polledAt, pageTotal, pageUnread, pageFailed, refetch]);
  return { counts, feed, unreadCount: unread ?? 0 };
}
