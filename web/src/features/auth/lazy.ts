// What lazily loaded screens of other features use: the sign-in form (the back office's door),
// the login-link request (changing the email address) and the email rules. A separate entry from
// ./index, which the router loads with the first page: these bring the form libraries (the
// `forms` chunk, vite.config.ts), which only lazily loaded screens may.
export { MagicLinkForm } from './components/MagicLinkForm';
export { useRequestLoginLink } from './api/requestLoginLink';
export { AUTH_VALIDATION_MESSAGES, EMAIL_PATTERN } from './emailRule';
