export { ConsentProvider, useConsent } from './components/ConsentProvider';
export { CookieSettingsLink } from './components/CookieSettingsLink';
