import { KIND_WORDS, type CaseKind, LOAD_ERROR } from '../cases';

/**
 * The wording of a case's pages after submission (spec §2 routes, §4 "Remortgaging post-submit
 * tiles" and "Buying post-submit tiles"). The spec gives the tile labels (the server sends them),
 * the date format (dd/MM/yyyy) and the three searches; the rest is ours.
 */

/** Who the case's people are: a remortgage's owners, a purchase's buyers. */
export interface PartyWords {
  one: string;
  many: string;
}

export const PARTY_WORDS: Record<CaseKind, PartyWords> = {
  remortgaging: { one: 'owner', many: 'owners' },
  buying: { one: 'buyer', many: 'buyers' },
};

/** The headings over the other owners' or buyers' progress (identity, acceptances). */
export const PARTIES_TEXTS = {
  othersHeading: (w: PartyWords) => `The other ${w.many}`,
  partiesHeading: (w: PartyWords) => `The ${w.many}`,
} as const;

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

/** /identification: the person's photo ID and selfie, and the others' progress. */
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
  notAParty: (w: PartyWords) =>
    `Each ${w.one} verifies their own identity when they sign in. Their progress is shown below.`,
  otherVerified: 'Verified',
  otherChecking: 'Documents sent, being checked',
  otherWaiting: 'Waiting for their documents',
  // Where the firm's identity provider (Onfido) checks identities.
  electronicIntro:
    'Before we act for you, we need to check who you are. Our identity partner, Onfido, checks your passport or driving licence and a short video of your face on its secure page. It takes about five minutes, and works best on a phone.',
  electronicStart: 'Start your identity check',
  electronicStartAgain: 'Start the identity check again',
  electronicStarting: 'Opening the identity check...',
  electronicReturned:
    'Thank you. We are waiting for the result of your identity check: this page updates by itself when it arrives.',
  electronicFailed: "Sorry, we couldn't open the identity check. Please try again.",
  electronicRejectedTitle: 'We need you to take the identity check again',
  electronicWaiting: (date: string) =>
    `You took the identity check on ${date}. Our team is reviewing the result and will let you know.`,
} as const;

/** /documents (the tile): what is still needed, and what has been uploaded. */
export const DOCUMENTS_TILE_TEXTS = {
  intro: (kind: CaseKind) =>
    `These are the documents we still need for your ${KIND_WORDS[kind].noun}. Upload each one below: PDF, JPEG, PNG and HEIC files are accepted, up to 32 MB each.`,
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
  },
  CLIENT_CARE_LETTER: {
    title: 'Client care letter',
    what: 'Your client care letter sets out what we will do for you, what it costs, how you pay, and who to talk to if something is not right. We start work once it is accepted.',
    notReady: 'Your client care letter is not ready yet. We will let you know when it is.',
    acceptedToast: 'Thank you: you have accepted the client care letter',
  },
  REPORT_ON_TITLE: {
    title: 'Report on title',
    what: "Our report on title tells you what we found in the property's title, the searches and the seller's answers, before you commit to buying.",
    notReady: 'Your report on title is not ready yet. We will let you know when it is.',
    acceptedToast: 'Thank you: you have accepted the report on title',
  },
  COMPLETION_STATEMENT: {
    title: 'Completion statement',
    what: 'Your completion statement shows the money on the day of completion: what your lender sends, what is paid to whom, and any balance due to or from you.',
    notReady: 'Your completion statement is not ready yet. We will let you know when it is.',
    acceptedToast: 'Thank you: you have accepted the completion statement',
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
  backTo: (title: string) => `Back to the ${title.charAt(0).toLowerCase()}${title.slice(1)}`,
  youAccepted: (date: string) => `You accepted this on ${date}`,
  otherAccepted: 'Accepted',
  otherNotYet: 'Not yet',
  phoneNote: 'Download the document to read it on your phone.',
} as const;

/** /deposit: the up-front payment of a purchase's quote (BUY-POST-10..12). */
export const DEPOSIT_TEXTS = {
  amountLabel: 'Up-front payment',
  pay: (amount: string) => `Pay ${amount}`,
  starting: 'Starting your payment...',
  redirecting: 'Taking you to our secure payment page...',
  testHeading: 'Test payment',
  testNote: 'Test payment — no card is charged on this installation',
  reference: (reference: string) => `Payment reference: ${reference}`,
  confirm: 'Confirm payment',
  cancel: 'Cancel',
  confirming: 'Confirming your payment...',
  cancelling: 'Cancelling your payment...',
  returnedSuccess: 'Thank you — we are confirming your payment.',
  cancelled: 'Your payment was cancelled and nothing was taken.',
  justPaid: 'Thank you: your payment went through.',
  paid: (date: string) => `Paid on ${date}`,
  paidNote: 'Thank you: we have received your up-front payment. There is nothing more to do here.',
  failed: "Sorry, we couldn't take your payment. Nothing was charged. Please try again.",
  noAmount: "We couldn't find the up-front payment on your quote. Please contact us.",
  buyersPay: 'The buyers pay this in Threshold when they sign in.',
  inProgress: 'A payment is in progress',
  inProgressBy: (who: string, started: string) =>
    `${who} started paying on ${started}. Only one payment is needed, so there is nothing for you to pay.`,
  inProgressUntil: (until: string) =>
    `If it is not paid by ${until}, you can pay here instead. This page shows the payment once it is made.`,
  anotherBuyer: 'Another buyer',
  yoursInProgress: (started: string) =>
    `You started this payment on ${started}. Carry on where you left off: you will not be charged twice.`,
  tickToPay: 'Tick the box to pay: we start work on your purchase once your payment is in.',
  wordingLoading: 'Loading...',
  wordingFailed: "Sorry, we couldn't load this page in full. Please reload it.",
  cancelNote:
    'To cancel within the 14 days, tell us in writing, for example by e-mail. You may use our',
  cancellationForm: 'cancellation form',
} as const;

/** /searches: what each search is for, whether it is back, and the results and summaries. */
export const SEARCHES_TEXTS = {
  intro:
    'We order three searches on the property: from the local council, the water company and an environmental data provider. Each comes back as a report, and we write you a short summary of what it found.',
  statusHeading: 'Where the searches are',
  back: 'Back',
  notBack: 'Not back yet',
  resultsHeading: 'Search results',
  noResults: 'No search results have come back yet.',
  summariesHeading: 'Our summaries',
  noSummaries: 'We have not written any summaries yet.',
} as const;

/** /contract-pack: where the seller's contract pack stands, the TA6, the report on title. */
export const CONTRACT_PACK_TEXTS = {
  intro:
    "The contract pack comes from the seller's solicitor: the draft contract, the title documents and the seller's answers about the property, such as the property information form (TA6). We check it against the searches, raise enquiries with the seller's solicitor, and then report to you.",
  progressHeading: 'Where it stands',
  steps: [
    "The seller's solicitor sends the contract pack",
    'The searches come back',
    'We review the contract pack and raise enquiries',
  ],
  stepDone: 'Done',
  stepNow: 'In progress',
  done: 'The contract pack is reviewed and the enquiries are answered.',
  ta6Heading: 'Property information form (TA6)',
  noTa6: "The seller's property information form has not arrived yet.",
  enquiriesHeading: "Our enquiries with the seller's solicitor",
  noEnquiries: 'We have not raised any enquiries yet.',
  enquiry: (n: number) => `Enquiry ${n}`,
  raisedOn: (date: string) => `Raised ${date}`,
  reply: (date: string) => `Reply, ${date}`,
  awaitingReply: "Waiting for the seller's solicitor's reply.",
  followedUp: 'We asked again: see the next enquiry.',
  withdrawn: 'We withdrew this enquiry.',
} as const;
