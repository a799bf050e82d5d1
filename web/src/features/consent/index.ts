export { ConsentProvider, useConsent } from './components/ConsentProvider';
export { CookieSettingsLink } from './components/CookieSettingsLink';
// The consent cookie's name, for tests that start with a stored choice.
export { CONSENT_COOKIE } from './storage';
