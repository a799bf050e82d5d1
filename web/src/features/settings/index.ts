export { SettingsPage } from './routes/SettingsPage';
