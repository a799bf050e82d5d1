export { NotificationsPage } from './routes/NotificationsPage';
