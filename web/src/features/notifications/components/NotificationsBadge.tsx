import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import { Badge } from '@mui/material';

/** The Notifications icon with the unread count; the count itself is read out by `unreadLabel`. */
export function NotificationsBadge({ unread }: { unread: number }) {
  return (
    <Badge
      badgeContent={unread}
      max={99}
      color="error"
      invisible={unread === 0}
      aria-hidden="true"
      data-testid="notifications-badge"
    >
      <NotificationsOutlined />
    </Badge>
  );
}

/** What a screen reader hears after 'Notifications': nothing when all is read. */
export function unreadLabel(unread: number): string {
  return unread > 0 ? `, ${unread} unread` : '';
}
