import { LOAD_ERROR } from '../cases';

/** The documents pages' wording (the load error is the spec's, word for word). */
export const DOCUMENTS_TEXTS = {
  title: 'Documents',
  loading: 'Loading documents',
  loadError: LOAD_ERROR,
  noCases: "You don't have any cases yet. Once you have one, its documents will be listed here.",
  noDocuments: 'There are no documents for this case yet.',
  uploaded: 'Uploaded documents',
  generated: 'Documents from Threshold',
  noUploaded: 'Nothing has been uploaded for this case yet.',
  noGenerated: 'Threshold has not made any documents for this case yet.',
  download: 'Download',
  downloadFailed: "Sorry, we couldn't download this document. Please try again.",
  viewerLoading: 'Loading the document',
  viewerFailed: "Sorry, we couldn't show this document here. Please download it instead.",
  viewCase: 'View all documents for this case',
  caseMissing: "We couldn't find this case among yours.",
  allDocuments: 'All documents',
  forBrokers:
    "This page lists a customer's own documents. A client's documents are with their case: open it from your case list.",
  toCases: 'Go to your cases',
} as const;

/** The broker's quote PDF button (issue 11). */
export const QUOTE_PDF_TEXTS = {
  button: 'Download quote PDF',
  working: 'Making the quote PDF',
  failed: "Sorry, we couldn't make the quote PDF. Please try again.",
} as const;
