export { ConsentProvider, useConsent } from './components/ConsentProvider';
