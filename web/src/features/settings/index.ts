export { SettingsPage } from './routes/SettingsPage';
export { ConfirmEmailPage } from './routes/ConfirmEmailPage';
export { UndoEmailChangePage } from './routes/UndoEmailChangePage';
