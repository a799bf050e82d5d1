export { WebhooksPage } from './routes/WebhooksPage';
