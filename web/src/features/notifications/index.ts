export { NotificationsBadge, unreadLabel } from './components/NotificationsBadge';
export { useFeedWatch } from './useFeedWatch';
export { archiveFeedItem } from './api/archiveFeedItem';
export { FEED_KINDS, newestPendingInvitation, type PendingInvitation } from './kinds';
