// What other features use synchronously; the screens live in ./routes and are loaded lazily.
export { QuotePdfButton } from './components/QuotePdfButton';
export { documentTypeLabel } from './labels';
