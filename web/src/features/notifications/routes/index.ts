// Loaded lazily by the router.
export { NotificationsPage } from './NotificationsPage';
