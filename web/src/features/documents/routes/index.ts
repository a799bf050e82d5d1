// Route components of the documents feature, loaded lazily by the router (a chunk of their own).
export { DocumentsPage } from './DocumentsPage';
export { CaseDocumentsRoute } from './CaseDocumentsRoute';
