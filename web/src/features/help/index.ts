export { HelpPage } from './routes/HelpPage';
