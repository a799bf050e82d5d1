export { SettingsPage } from './routes/SettingsPage';
export { ConfirmEmailPage } from './routes/ConfirmEmailPage';
