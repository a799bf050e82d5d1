import { Alert, Pagination, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Loading } from '../../../components/Loading';
import { PageHeading } from '../../../components/PageHeading';
import { useArchiveFeedItem } from '../api/archiveFeedItem';
import { useFeed } from '../api/getFeed';
import { useKnockToken } from '../api/knock';
import { useMarkFeedItemRead } from '../api/markFeedItemRead';
import { NotificationList } from '../components/NotificationList';

export const NOTIFICATIONS_TEXTS = {
  title: 'Notifications',
  unavailable: 'Notifications are not available yet.',
  empty: 'You have no notifications.',
  loadError: "Whoop's something went wrong loading the page please try reloading.",
  actionError: 'We could not update this notification. Please try again.',
} as const;

function countLine(total: number, unread: number): string {
  return `${total} notification${total === 1 ? '' : 's'}, ${unread} unread`;
}

/** /notifications — the in-app feed in pages of 30 (NOTIF-01..03). */
export function NotificationsPage() {
  const token = useKnockToken();
  const [page, setPage] = useState(0);
  const feed = useFeed(page);
  const archive = useArchiveFeedItem();
  const markRead = useMarkFeedItemRead();

  let body;
  if (token === null) {
    body = <Typography>{NOTIFICATIONS_TEXTS.unavailable}</Typography>;
  } else if (feed.isPending) {
    body = <Loading label="Loading notifications" />;
  } else if (feed.isError) {
    body = (
      <Alert severity="error" role="alert">
        {NOTIFICATIONS_TEXTS.loadError}
      </Alert>
    );
  } else if (feed.data.totalCount === 0) {
    body = <Typography>{NOTIFICATIONS_TEXTS.empty}</Typography>;
  } else {
    const { items, totalCount, unreadCount } = feed.data;
    body = (
      <Stack spacing={2}>
        <Typography color="text.secondary" data-testid="feed-count">
          {countLine(totalCount, unreadCount)}
        </Typography>
        {(archive.isError || markRead.isError) && (
          <Alert severity="error" role="alert">
            {NOTIFICATIONS_TEXTS.actionError}
          </Alert>
        )}
        <NotificationList
          items={items}
          busy={archive.isPending || markRead.isPending}
          onArchive={(item) =>
            archive.mutate(item.id, {
              // Archiving the last item of a page beyond the first leaves it empty: step back.
              onSuccess: () => {
                if (items.length === 1 && page > 0) setPage(page - 1);
              },
            })
          }
          onRead={(item) => markRead.mutate(item.id)}
        />
        {feed.data.totalPages > 1 && (
          <Pagination
            count={feed.data.totalPages}
            page={page + 1}
            onChange={(_, p) => setPage(p - 1)}
            aria-label="Notifications pagination"
            sx={{ alignSelf: 'center' }}
          />
        )}
      </Stack>
    );
  }

  return (
    <Stack sx={{ maxWidth: 880 }}>
      <PageHeading>{NOTIFICATIONS_TEXTS.title}</PageHeading>
      {body}
    </Stack>
  );
}
