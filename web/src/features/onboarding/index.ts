export { AboutYouPage } from './routes/AboutYouPage';
