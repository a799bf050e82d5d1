import { useEffect } from 'react';
import { useFeed } from './api/getFeed';
import { useFeedCounts } from './api/getFeedCounts';

/**
 * The shell's view of the feed: the polled counts (the badge) and the first page (the modal
 * overlay's source). The page is fetched again whenever the counts say it has changed, so one
 * small call is polled rather than a page of 30.
 */
export function useFeedWatch() {
  const counts = useFeedCounts();
  const feed = useFeed(0);
  const { refetch } = feed;
  const total = counts.data?.totalCount;
  const unread = counts.data?.unreadCount;
  const pageTotal = feed.data?.totalCount;
  const pageUnread = feed.data?.unreadCount;
  useEffect(() => {
    if (total === undefined || pageTotal === undefined) return;
    if (total !== pageTotal || unread !== pageUnread) void refetch();
  }, [total, unread, pageTotal, pageUnread, refetch]);
  return { counts, feed, unreadCount: unread ?? 0 };
}
