// What other features use synchronously; the screens live in ./routes and are loaded lazily.
export { QuotePdfButton } from './components/QuotePdfButton';
export { SEARCH_DOCUMENT_TYPES } from './labels';
// The application's Documents section (issue 12) opens an uploaded document the same way.
export { downloadWithSession } from './download';
// A remortgage's pages after submission (features/tiles): the document list and where a
// document is fetched.
export { documentUrl } from './download';
export { DocumentList, type DocumentRow } from './components/DocumentList';
export { useMyDocuments } from './api/getMyDocuments';
// A document shown in the page: the customer's issued documents (features/tiles) and the
// back office's preview.
export { DocumentFrame } from './components/DocumentFrame';
// The case type segment of a queue item (features/staff).
export { caseKindOf } from './labels';
