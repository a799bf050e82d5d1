import { LOAD_ERROR } from '../cases/texts';

/**
 * The wording of a remortgage's pages after submission (spec §2 routes, §4 "Remortgaging
 * post-submit tiles"). The spec gives the tile labels (the server sends them) and the date
 * format (dd/MM/yyyy); the rest is ours.
 */
export const TILE_TEXTS = {
  backToCase: 'Back to your case',
  loading: 'Loading case',
  loadError: LOAD_ERROR,
} as const;

/** /application-review: the submitted application, read-only, and the quote. */
export const APPLICATION_REVIEW_TEXTS = {
  intro:
    'This is the application you submitted. It can no longer be changed here: if something is wrong, please contact us.',
} as const;

/** /identification: the owner's photo ID and selfie, and the other owners' progress. */
export const IDENTITY_TEXTS = {
  intro:
    'Before we act for you, we need to check who you are. Upload a photo of your passport or driving licence, and a selfie: a photo of your face, taken now. Only you and our conveyancing team can see them.',
  photoId: 'Photo of your passport or driving licence',
  photoIdHint:
    'The page or side with your photo, with all four corners in view and every word readable.',
  selfie: 'Selfie',
  selfieHint:
    'A photo of your face, taken now: look at the camera in good light, without sunglasses or a hat.',
  upload: 'Upload',
  uploadAgain: 'Upload a new photo',
  uploading: 'Uploading',
  uploaded: 'Uploaded',
  notUploaded: 'Not uploaded yet',
  bothNeeded: 'Upload both photos, then submit them for checking.',
  submit: 'Submit for checking',
  submitting: 'Submitting...',
  submittedToast: 'Thank you: your documents were sent for checking',
  submitFailed: "Sorry, we couldn't send your documents. Please try again.",
  waitingTitle: 'Waiting for us to check',
  waiting: (date: string) =>
    `You sent your documents on ${date}. We will let you know once we have checked them.`,
  verified: (date: string) => `Verified on ${date}`,
  verifiedNote: 'Your identity is verified. There is nothing more to do here.',
  rejectedTitle: 'We need you to upload your documents again',
  notAnOwner:
    'Each owner verifies their own identity when they sign in. Their progress is shown below.',
  othersHeading: 'The other owners',
  ownersHeading: 'The owners',
  otherVerified: 'Verified',
  otherChecking: 'Documents sent, being checked',
  otherWaiting: 'Waiting for their documents',
} as const;

/** /documents (the tile): what is still needed, and what has been uploaded. */
export const DOCUMENTS_TILE_TEXTS = {
  intro:
    'These are the documents we still need for your remortgage. Upload each one below: PDF, JPEG, PNG and HEIC files are accepted, up to 32 MB each.',
  outstandingHeading: 'Still needed',
  nothingOutstanding: 'We have every document we asked for. Thank you.',
  uploadedHeading: 'Uploaded documents',
  noUploads: 'Nothing has been uploaded for this case yet.',
} as const;

/** What each issued document is, in one sentence, and its own words. */
export const ISSUED_DOCUMENTS = {
  MORTGAGE_REPORT: {
    title: 'Mortgage report',
    what: "Your mortgage report explains the terms and conditions of your new lender's mortgage offer, and what they mean for you.",
    notReady: 'Your mortgage report is not ready yet. We will let you know when it is.',
    acceptedToast: 'Thank you: you have accepted the mortgage report',
    back: 'Back to the mortgage report',
  },
  COMPLETION_STATEMENT: {
    title: 'Completion statement',
    what: 'Your completion statement shows the money on the day of completion: what your new lender sends, what is paid to whom, and any balance due to or from you.',
    notReady: 'Your completion statement is not ready yet. We will let you know when it is.',
    acceptedToast: 'Thank you: you have accepted the completion statement',
    back: 'Back to the completion statement',
  },
} as const;

export type IssuedDocumentType = keyof typeof ISSUED_DOCUMENTS;

/** The accept, view and download controls of an issued document. */
export const ACCEPT_TEXTS = {
  view: 'View',
  download: 'Download',
  downloadFailed: "Sorry, we couldn't download this document. Please try again.",
  accept: 'Accept',
  accepting: 'Accepting...',
  acceptHint:
    'Please read it first. By accepting, you confirm that you have read it and are happy for us to go ahead.',
  acceptFailed: "Sorry, we couldn't record that you accepted it. Please try again.",
  youAccepted: (date: string) => `You accepted this on ${date}`,
  othersHeading: 'The other owners',
  ownersHeading: 'The owners',
  otherAccepted: 'Accepted',
  otherNotYet: 'Not yet',
  viewerLoading: 'Loading the document',
  viewerFailed: "Sorry, we couldn't show this document here. Please download it instead.",
  phoneNote: 'Download the document to read it on your phone.',
} as const;
