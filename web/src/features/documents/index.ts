// What other features use synchronously; the screens live in ./routes and are loaded lazily.
export { QuotePdfButton } from './components/QuotePdfButton';
export { documentTypeLabel } from './labels';
// The application's Documents section (issue 12) opens an uploaded document the same way.
export { downloadWithSession } from './download';
