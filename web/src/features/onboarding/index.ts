export { AboutYouPage } from './routes/AboutYouPage';
// The rules for the user's own details, shared with the settings page.
export { ABOUT_YOU_MESSAGES, aboutYouSchema, normaliseUkPhone } from './validation';
