import type {
  StaffDraftType,
  StaffFindingField,
  StaffReply,
  StaffTaskDue,
  StaffUserRole,
  StaffWaitsOn,
} from './types';

/** The back office's words (issue 14). */
export const STAFF_TEXTS = {
  title: 'Threshold back office',
  loginIntro: 'Enter your work email address and we will send you a link to sign in.',
  loginButton: 'Email me a sign-in link',
  loginFailure: 'We are having trouble signing you in',
  signOut: 'Sign out',
  notStaff: "This area is for Threshold's conveyancing staff.",
  notStaffLink: 'Go to your cases',
  notStaffHeading: 'Back office',
  // The second factor.
  checking: 'Checking your sign-in',
  statusFailed: 'We could not check your sign-in. Please try again.',
  tryAgain: 'Try again',
  enrolHeading: 'Set up your authenticator app',
  enrolIntro:
    'Scan this QR code with an authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator or 1Password), then enter the 6-digit code it shows.',
  enrolFailed: 'We could not start setting up your authenticator app. Please try again.',
  qrAlt: 'QR code for your authenticator app',
  secretLabel: 'Or enter this key',
  codeLabel: 'Code from your app',
  codeInvalid: 'Enter the 6-digit code from your app',
  confirm: 'Confirm',
  recoveryHeading: 'Your recovery codes',
  recoveryIntro: 'Save these recovery codes. Each works once if you lose your phone.',
  continue: 'Continue',
  verifyHeading: 'Enter your code',
  verifyIntro: 'Open your authenticator app and enter the 6-digit code it shows for Threshold.',
  verify: 'Verify',
  useRecoveryCode: 'Use a recovery code instead',
  useAppCode: 'Use a code from your app instead',
  recoveryCodeLabel: 'Recovery code',
  recoveryCodeRequired: 'Enter one of your recovery codes',
  genericFailure: 'Something went wrong. Please try again.',
  // The work queue.
  queueHeading: 'Work queue',
  queueLoadError: 'We could not load the work queue. Please try again.',
  queueEmpty: 'No cases need anything here.',
  queueFilteredEmpty: 'No cases match these filters.',
  namePlaceholder: 'Search by name...',
  unassigned: 'Unassigned',
  anyone: 'Anyone',
  waitingOn: 'Waiting on',
  legalFile: 'Legal file',
  anyCase: 'Any case',
  nextTask: 'Next task',
  nextTaskOverdue: 'Overdue',
  /** The case has been in its stage longer than the stage usually takes (issue 32). */
  stageOverdue: 'Stage overdue',
  messages: 'Messages',
  messageWaiting: 'Message waiting',
  replyOverdue: 'Reply overdue',
  // The case.
  backToQueue: 'Back to the work queue',
  caseLoadError: 'We could not load this case. Please try again.',
  assignedTo: 'Assigned to',
  nextSteps: 'Next steps',
  moreActions: 'More actions',
  noSteps: 'There is nothing to do on this case now.',
  reason: 'Reason',
  reasonRequired: 'Give a reason',
  // Agreeing the completion date (the server's words for its 422s).
  completionDate: 'Completion date',
  completionDateRequired: 'Enter the agreed completion date',
  completionDatePast: 'The completion date must be today or later',
  cancel: 'Go back',
  close: 'Close',
  preview: 'Preview',
  stepUpHint: 'This step needs a fresh code from your authenticator app.',
  auditTrail: 'Audit trail',
  downloadCsv: 'Download CSV',
  noAudit: 'Nothing has been recorded yet.',
  workflow: 'Workflow',
  diagramFailed: 'The diagram could not be drawn. Its source is below.',
  diagramSource: 'Diagram source',
  draft: 'Draft',
  issued: 'Issued',
  // The firm's steps on a submitted case.
  identity: 'Identity',
  identityNotSubmitted: 'Not submitted',
  identityCheck: 'Identity check',
  identityEvidence: 'Identity documents they uploaded',
  identityNoEvidence: 'They have not uploaded a photo ID or selfie.',
  verifyIdentity: 'Verify identity',
  sendBack: 'Send back',
  sendBackQuestion: 'What should they do?',
  sendBackRequired: 'Tell them what to do next',
  reasonTooLong: 'Use 2000 characters or fewer',
  offerMissing: "The lender's mortgage offer has not been recorded yet.",
  recordOffer: 'Record mortgage offer received',
  offerRecorded: 'Mortgage offer recorded.',
  uploadedDocuments: 'Uploaded documents',
  documentsWeIssue: 'Documents we issue',
  noIssuedDocuments: 'Nothing drafted or issued yet.',
  draftsNote:
    'Customers see a document only once it is issued. Draft it from the case, or upload your own PDF in its place.',
  issueToCustomers: 'Issue to customers',
  issue: 'Issue',
  notYet: 'Not yet',
  // The firm's uploads and a purchase's searches.
  addDocument: 'Add a document',
  addDocumentIntro:
    "Upload what comes from outside the case: the seller's property information form (TA6) from the contract pack, and the searches and your summaries of them.",
  documentType: 'Document type',
  chooseFile: 'Choose a file and upload',
  uploading: 'Uploading',
  searches: 'Searches',
  searchesIntro:
    'Upload each search result and your summary of it under Add a document, then record them here. The buyers see what is recorded.',
  noSearchDocuments: 'No search has been uploaded on this case yet.',
  recordResult: 'Record as search result',
  recordSummary: 'Record as summary',
  recordedResult: 'Recorded as search result',
  recordedSummary: 'Recorded as summary',
  // Deleting a document (a reason and a fresh code).
  delete: 'Delete',
  deleteTitle: 'Delete this document?',
  deleteReason: 'Why is it deleted?',
  deleteReasonRequired: 'Say why the document is deleted',
  documentDeleted: 'Document deleted',
} as const;

/** The case page's 'The application': the customers' answers as the firm reads them. */
export const answerTexts = {
  application: 'The application',
  notGiven: 'Not given',
  notAnswered: 'Not answered',
  notYet: 'Not yet',
  noDetails: 'No details',
  received: 'Received',
  noQuote: 'No quote yet.',
  address: 'Address',
  jurisdiction: 'Jurisdiction',
  tenure: 'Tenure',
  propertyType: 'Property type',
  landOwnership: 'Land ownership',
  groundRent: 'Ground rent',
  donors: 'Gift donors',
  occupants: 'Other adults living at the property',
  transferReason: 'Reason for the transfer',
  removedOwners: 'Owners being removed',
  hasAlterations: 'Alterations since it was bought',
  hasLoans: 'Loans or charges secured on the property',
  purchasePrice: 'Purchase price',
  deposit: 'Deposit',
  lender: 'Lender',
  sourcesOfFunds: 'Sources of funds',
  gift: 'Gift',
  donorIdentity: "donor's identity",
  landTaxEstimate: 'Land tax estimate',
  mortgageOffer: 'Mortgage offer',
  htbLetter: 'Help to Buy redemption letter',
  initialPayment: 'Initial payment',
  completionDate: 'Completion date',
  // Issue 33 (CALLS-26): a company case's company.
  company: 'The company',
  companyNotGiven: 'The company has not been given yet.',
  registeredName: 'Registered name',
  companyNumber: 'Company number',
  registeredOffice: 'Registered office',
  director: 'Director',
  guarantor: 'Guarantor',
  formerOwner: 'An owner no longer on the case',
} as const;

/** Who a case waits on, as the back office says it. */
export const WAITS_ON_STAFF: Record<StaffWaitsOn, string> = {
  customer: 'Customer',
  broker: 'Broker',
  firm: 'Us',
  lender: 'Lender',
  seller: 'Seller',
};

/** The work queue's 'Waiting on' filter (absent: anyone). */
export const WAITS_ON_FILTER: Record<StaffWaitsOn, string> = {
  firm: 'The firm',
  customer: 'Customer',
  broker: 'Broker',
  lender: 'Lender',
  seller: 'Seller',
};

/** The work queue's 'Messages' filter (issue 32; absent: any case). */
export const REPLY_FILTER: Record<StaffReply, string> = {
  waiting: 'Waiting for our reply',
  overdue: 'Reply overdue',
};

/** The work queue's 'Legal file' filter (issue 29; absent: any case). */
export const TASK_DUE_FILTER: Record<StaffTaskDue, string> = {
  due: 'A task due',
  overdue: 'A task overdue',
};

/**
 * The sort direction button: what pressing it does and the order now, by dates of the past
 * (created, updated) or deadlines (the next task due).
 */
export const SORT_ORDER_TEXTS = {
  age: {
    ASC: { press: 'Sort newest first', title: 'Oldest first: sort newest first' },
    DESC: { press: 'Sort oldest first', title: 'Newest first: sort oldest first' },
  },
  due: {
    ASC: { press: 'Sort latest first', title: 'Soonest first: sort latest first' },
    DESC: { press: 'Sort soonest first', title: 'Latest first: sort soonest first' },
  },
} as const;

export function waitsOnLabel(waitsOn: StaffWaitsOn | null | undefined): string {
  return waitsOn ? WAITS_ON_STAFF[waitsOn] : 'No one';
}

/** What a step's dialog says it does, and its warning before completing early. */
export const transitionTexts = {
  moves: (from: string, to: string) => `This moves the case from ${from} to ${to}.`,
  stays: (at: string) => `The case stays at ${at}.`,
  earlyWarning: (agreed: string, today: string) =>
    `The agreed completion date is ${agreed}. Marking the case as completed now records today, ${today}, as the completion date instead.`,
  earlyConfirm: (agreed: string) =>
    `The case completed before the agreed date (${agreed}): record today instead`,
  earlyRequired: 'Confirm that the case completed early, or go back',
};

/** The toast after a step. */
export const movedTo = (statusLabel: string) => `Moved to ${statusLabel}`;

/** Added to a toast when the firm's step moved the case on. */
export const caseMovedTo = (statusLabel: string) => `The case moved to ${statusLabel}.`;

/** 'Mortgage report' → 'mortgage report' (the firm's document labels are plain words). */
export const lowerFirst = (label: string) => label.charAt(0).toLowerCase() + label.slice(1);

/** The identity providers' names as the firm knows them. */
const PROVIDER_NAMES: Record<string, string> = { ONFIDO: 'Onfido' };

/** Recording the lender's mortgage offer, with its document and figures. */
export const offerTexts = {
  dialogTitle: 'Record the mortgage offer',
  intro:
    "Upload the lender's offer and enter what it says. The case moves on once the offer is recorded.",
  document: 'Offer document',
  upload: 'Upload the offer',
  replace: 'Upload a different file',
  uploading: 'Uploading the offer',
  uploaded: (name: string) => `Uploaded: ${name}`,
  documentRequired: "Upload the lender's offer document",
  lender: 'Lender',
  lenderRequired: 'Name the lender making the offer',
  amount: 'Amount of the advance (£)',
  amountInvalid: 'Enter an amount in pounds, more than £0',
  offerDate: 'Date of the offer',
  offerDateRequired: 'Enter the date on the offer',
  offerDateFuture: 'The offer date cannot be in the future',
  expiresOn: 'Offer expires on',
  expiresOnRequired: 'Enter the date the offer expires',
  expiresBeforeOffer: 'The expiry must be after the offer date',
  expired: 'This offer has expired: the lender must issue a new one',
  specialConditions: 'Special conditions (optional)',
  specialConditionsTooLong: 'Use 4000 characters or fewer',
  confirm: 'Record offer',
  // The case page's record of it.
  title: 'Mortgage offer',
  conditions: 'Special conditions',
  recordedOffer: 'Offer document',
  viewDocument: 'Download the offer',
  recordedAt: (when: string) => ` · recorded ${when}`,
  amountRecorded: 'Advance',
  noConditions: 'None',
} as const;

export const identityTexts = {
  submitted: (date: string) => `Submitted ${date}`,
  verified: (date: string) => `Verified ${date}`,
  sentBack: (reason: string) => `Sent back: ${reason}`,
  group: (name: string) => `Identity of ${name}`,
  evidenceLink: (label: string, n: number | null) =>
    `Open ${lowerFirst(label)}${n === null ? '' : ` ${n}`}`,
  verifiedToast: (name: string) => `${name}'s identity is verified.`,
  sentBackToast: (name: string) => `${name}'s identity documents were sent back.`,
  sendBackTitle: (name: string) => `Send back ${name}'s identity documents`,
  /** The identity provider's word on the owner's latest check (its result, or not yet). */
  providerCheck: (provider: string, result: string | null, date: string) =>
    result === null
      ? `${PROVIDER_NAMES[provider] ?? provider}: started ${date}, not finished`
      : `${PROVIDER_NAMES[provider] ?? provider}: ${result} ${date}`,
  /** The link to the provider's own page for the check (its reasons, what the person showed). */
  providerPage: (provider: string) => `Open in ${PROVIDER_NAMES[provider] ?? provider}`,
  /** The term over the provider's reasons for an outcome other than approval. */
  providerReasons: (provider: string) => `${PROVIDER_NAMES[provider] ?? provider}'s reasons`,
  sendBackIntro: (name: string) =>
    `${name} reads this in Threshold, then uploads their documents and submits them again.`,
  verifyTitle: (name: string) => `Verify ${name}'s identity`,
  verifyIntro: (name: string) =>
    `Compare ${name}'s photo ID and selfie with their application, and tick each check you made. The audit trail keeps what you ticked.`,
  checkRequired: 'Tick each check before verifying. If one fails, send the documents back.',
};

/** What the firm compares before verifying an identity (the server's `checks`, in its order). */
export const IDENTITY_CHECKS = {
  photoMatches: 'The selfie is the person on the photo ID',
  nameMatches: 'The name on the photo ID matches the application',
  dateOfBirthMatches: 'The date of birth matches the application',
  documentInDate: 'The photo ID has not expired',
  addressMatches: 'The address matches the application (on the ID or a proof of address)',
} as const;
export type IdentityCheck = keyof typeof IDENTITY_CHECKS;

/** The side an upload was made for (the workflow's `uploaded_by` names). */
export const UPLOADER_LABELS: Record<string, string> = {
  customer: 'Customer',
  broker: 'Broker',
  donor: 'Gift donor',
  firm: 'Threshold',
};

export const documentTexts = {
  /** A document's name: its type, numbered where the list has several of that type. */
  name: (label: string, n: number | null) => (n === null ? label : `${label} ${n}`),
  /** Who uploaded a file, as whom, and when ('Uploaded by Sam Smith (Customer), 04/03/2026 10:00'). */
  uploadedBy: (name: string | null, side: string, at: string) =>
    `Uploaded by ${name ?? 'a former user'} (${side}), ${at}`,
  draftName: (label: string, n: number | null) => `${documentTexts.name(label, n)} (draft)`,
  draftButton: (label: string) => `Draft ${lowerFirst(label)}`,
  drafting: (label: string) => `Drafting the ${lowerFirst(label)}. This takes a moment.`,
  draftedToast: (label: string) => `${label} drafted. Check it, then issue it to the customers.`,
  ownDraftButton: (label: string) => `Upload our own ${lowerFirst(label)}`,
  ownDraftUploading: (label: string) => `Uploading our own ${lowerFirst(label)}`,
  ownDraftToast: (label: string) =>
    `Our own ${lowerFirst(label)} is a draft. Check it, then issue it to the customers.`,
  openLink: (label: string, draft: boolean) =>
    `Open ${lowerFirst(label)}${draft ? ' (draft)' : ''}`,
  findingsTitle: (label: string) => `Draft ${lowerFirst(label)}`,
  findingsIntro:
    'The report states what the case records (the tenure, the price, the searches and enquiries on file, the lender’s offer) and your findings below, nothing more. You read the draft before you issue it.',
  findingRequired: 'Write your finding',
  findingTooLong: 'Use 5000 characters or fewer',
  draftConfirm: 'Draft',
  issueTitle: (label: string) => `Issue ${lowerFirst(label)}?`,
  issueIntro: (parties: string) => `The ${parties} are told and asked to accept it.`,
  issuedToast: (label: string) => `${label} issued to the customers.`,
  acceptances: (parties: string) => `Accepted by the ${parties}`,
  accepted: (date: string) => `Accepted ${date}`,
};

export const removalTexts = {
  /** The Delete button's accessible name ('Delete Mortgage statement'). */
  button: (name: string) => `${STAFF_TEXTS.delete} ${name}`,
  intro: (name: string) =>
    `${name} will be deleted from this case. Your reason is kept in the case's audit trail.`,
};

export const previewTexts = {
  /** The Preview button's accessible name ('Preview Mortgage statement'). */
  button: (name: string) => `${STAFF_TEXTS.preview} ${name}`,
};

export const uploadTexts = {
  uploadedToast: (label: string) => `${label} uploaded.`,
  progress: (percent: number) => `${STAFF_TEXTS.uploading} ${percent}%`,
};

export const searchTexts = {
  /** One search type's progress: its result, and the firm's summary. */
  progress: (result: boolean, summary: boolean) =>
    result && summary
      ? 'Result and summary recorded'
      : result
        ? 'Result recorded, summary not yet'
        : summary
          ? 'Summary recorded, result not yet'
          : 'Nothing recorded yet',
  document: (label: string, documentId: number) => `${label} (document ${documentId})`,
  recordedToast: (label: string, summary: boolean) =>
    `${label} recorded as ${summary ? 'a summary' : 'a search result'}.`,
};

/** The payment providers' names as the firm knows them. */
const PAYMENT_PROVIDER_NAMES: Record<string, string> = { STRIPE: 'Stripe', LOCAL: 'Test payments' };

/** Money the payment provider took for a case that did not expect it: the firm refunds it. */
export const unexpectedPaymentTexts = {
  heading: 'Unexpected payments',
  intro:
    'The buyers paid more than once. Threshold counted one payment; refund each one below to the buyer with the payment provider.',
  /** 'Unexpected payment: £300.00 on 20/03/2026 — refund it'. */
  title: (amount: string, date: string) => `Unexpected payment: ${amount} on ${date} — refund it`,
  unknownAmount: 'an amount the provider did not state',
  provider: 'Taken by',
  providerName: (provider: string) => PAYMENT_PROVIDER_NAMES[provider] ?? provider,
  payment: 'Payment to refund',
  checkout: 'Checkout session',
  recorded: 'Recorded',
};

/** Every role by the name the firm uses for it (the audit trail and the accounts page). */
export const ROLE_LABELS: Record<StaffUserRole, string> = {
  ROLE_USER: 'Customer',
  ROLE_BROKER: 'Broker',
  ROLE_BROKER_MANAGER: 'Broker manager',
  ROLE_BROKER_ADMIN: 'Broker admin',
  ROLE_CONVEYANCER: 'Conveyancer',
  ROLE_ADMIN: 'Administrator',
};

/** The administrators' accounts page, /staff/users (issue 30). */
export const userTexts = {
  nav: 'Users',
  queueNav: 'Work queue',
  navLabel: 'Back office',
  heading: 'Users',
  intro:
    'Disable an account to end its sessions at once; signing in sends it nothing until it is enabled again. Each change is kept in the audit log.',
  listLabel: 'Accounts',
  loadError: 'We could not load the accounts. Please try again.',
  adminsOnly: 'Only an administrator manages accounts.',
  empty: 'There are no accounts yet.',
  name: 'Name',
  role: 'Role',
  status: 'Status',
  secondFactor: 'Second factor',
  created: 'Created',
  actions: 'Actions',
  active: 'Active',
  disabled: 'Disabled',
  enrolled: 'Set up',
  notEnrolled: 'Not set up',
  notApplicable: 'Not needed',
  you: '(you)',
  disable: 'Disable',
  enable: 'Enable',
  resetFactor: 'Reset second factor',
  /** The role select's accessible name ('Role of Dana Smith'). */
  roleOf: (name: string) => `Role of ${name}`,
  disableButton: (name: string) => `Disable ${name}`,
  enableButton: (name: string) => `Enable ${name}`,
  resetButton: (name: string) => `Reset second factor of ${name}`,
  disableTitle: (name: string) => `Disable ${name}?`,
  disableIntro: (email: string) =>
    `${email} is signed out everywhere at once, and cannot sign in until an administrator enables the account again.`,
  enableTitle: (name: string) => `Enable ${name}?`,
  enableIntro: (email: string) => `${email} can sign in again.`,
  resetTitle: (name: string) => `Reset ${name}'s second factor?`,
  resetIntro: (email: string) =>
    `${email} is signed out, and sets up a new authenticator app at their next sign-in. Use this when they have lost their phone.`,
  disabledToast: (name: string) => `${name} is disabled. Their sessions have ended.`,
  enabledToast: (name: string) => `${name} is enabled.`,
  resetToast: (name: string) => `${name}'s second factor is reset.`,
  roleToast: (name: string, role: string) => `${name} is now ${role}.`,
};

/** /staff/broker-firms: the referral arrangements (issue 28, item 5). */
export const brokerFirmTexts = {
  nav: 'Broker firms',
  heading: 'Broker firms',
  intro:
    'What we pay each broker firm for a client it introduces. Every quote made from now on for that firm’s clients shows it, naming the firm (SRA Code of Conduct, paragraph 5.1); quotes already made keep what they showed. Each change is kept in the audit log.',
  loadError: 'We could not load the broker firms. Please try again.',
  adminsOnly: 'Only an administrator records referral arrangements.',
  empty: 'No broker firm has joined yet.',
  brokers: (n: number) => (n === 1 ? '1 broker' : `${n} brokers`),
  feeLabel: 'Referral fee per client (£)',
  feeHelp: 'Enter 0 if we pay them nothing.',
  feeInvalid: 'Enter an amount in pounds, such as 250 or 250.50',
  save: 'Save',
  saveFee: (firm: string) => `Save the referral fee for ${firm}`,
  saved: (firm: string) => `The referral fee for ${firm} is recorded.`,
};

/** The legal file's tasks after completion (issue 29). */
export const taskTexts = {
  title: 'Legal file',
  intro:
    'The work on the file that moves no status: the exchange of contracts, what comes before completion and after it. Each task in order, with its due date; one not done by then is overdue.',
  states: {
    AHEAD: 'Later',
    WAITING: 'Waiting',
    OPEN: 'To do',
    DONE: 'Done',
  } as const,
  due: (date: string) => `Due ${date}`,
  overdue: (date: string) => `Overdue: due ${date}`,
  waitingFor: (labels: string) => `Waits for: ${labels}`,
  neededBefore: (labels: string) => `Needed before: ${labels}`,
  evidenceNeeded: (label: string) => `Upload the ${label} first`,
  evidenceUploaded: (label: string) => `${label} uploaded`,
  uploadEvidence: (label: string) => `Upload the ${label}`,
  uploading: (label: string) => `Uploading the ${label}`,
  record: 'Record as done',
  recordTitle: (label: string) => `Record as done: ${label}`,
  recordIntro: 'This is kept in the case file and its audit trail. It cannot be undone.',
  referenceRequired: (label: string) => `Enter the ${label}`,
  referenceInvalid: 'Use at most 64 letters, digits, spaces, - or /',
  expiryHint: 'The registration task falls due a few days before it.',
  expiryPassed: 'This date has passed: enter the expiry shown on the certificate',
  completionDateHint: 'The buyers are told it, and it becomes the agreed completion date.',
  completionDatePassed: 'This date has passed: enter the completion date in the contract',
  note: 'Note (optional)',
  noteTooLong: 'Use 2000 characters or fewer',
  doneBy: (date: string, name: string | null | undefined) =>
    name ? `Done ${date} by ${name}` : `Done ${date}`,
  recordedReference: (label: string, reference: string) => `${label}: ${reference}`,
  recorded: (label: string) => `Recorded: ${label}`,
  screen: 'Screen with OpenSanctions',
  screening: 'Screening...',
  screenedClear: 'Screened: nobody matched a sanctions or PEP list. The task is recorded.',
  possibleMatches:
    'Possible matches: rule each one out (or escalate it) before recording the task. The report is on the file.',
  matchLine: (caption: string, score: number, topics: string[]) =>
    `${caption} (score ${score.toFixed(2)}${topics.length > 0 ? `; ${topics.join(', ')}` : ''})`,
  screenFailed: "Sorry, we couldn't screen the clients. Please try again.",
};

/** The 'Enquiries' panel of a purchase (issue 29). */
/** Issue 33: a remortgage's registered proprietors, read off HM Land Registry's official copies. */
export const titleRegisterTexts = {
  title: 'Title register',
  intro:
    'Record each registered proprietor as the official copies name them. The customers see the names beside the owners they list, and explain any name that is no owner, with its evidence, before they can submit.',
  none: 'No names recorded yet.',
  matches: (owner: string) => `Owner on the case: ${owner}`,
  explained: (why: string) => `Explained: ${why}`,
  evidence: 'View the evidence',
  unaccounted: 'Not an owner, not explained yet',
  fullName: 'Name as on the register',
  fullNameRequired: 'Enter the name as the register gives it',
  fullNameTooLong: 'Use 200 characters or fewer',
  record: 'Record name',
  recorded: 'Name recorded',
  remove: 'Take off',
  removeTitle: (name: string) => `Take ${name} off the title register list?`,
  removeIntro: 'Only for a name recorded in error. The change is kept in the audit trail.',
  removed: 'Name taken off',
} as const;

/** A purchase's sources of funds as the firm reviews them (issue 33, SOF feature). */
export const sourcesOfFundsTexts = {
  title: 'Sources of funds',
  intro:
    "Check where the money for the purchase comes from before going ahead (anti-money-laundering). Accept each source once the buyer's account and its evidence satisfy you, or ask for more, saying what you need.",
  none: 'No sources of funds listed yet.',
  states: {
    DETAILS_NEEDED: "Waiting for the buyer's answers",
    EVIDENCE_NEEDED: 'Waiting for evidence',
    READY_FOR_REVIEW: 'Ready to review',
    MORE_NEEDED: 'More asked for',
    ACCEPTED: 'Accepted',
  } as const,
  amount: 'Amount',
  origin: 'Where the money came from',
  builtUpOver: 'Built up over',
  accountHolder: 'Account in the name of',
  notGiven: 'Not given yet',
  evidence: 'Evidence',
  noEvidenceNeeded: 'None needed',
  notUploaded: (type: string) => `${type}: not uploaded yet`,
  askedFor: (reason: string) => `Asked for: ${reason}`,
  accept: 'Accept',
  accepted: 'Source accepted',
  askForMore: 'Ask for more',
  askTitle: (source: string) => `Ask for more about ${source}`,
  askIntro: 'The buyer sees your reason on their source-of-funds page. Say what you need.',
  reason: 'What do you need?',
  reasonRequired: 'Say what you need from the buyer',
  reasonTooLong: 'Use 1000 characters or fewer',
  send: 'Send',
  asked: 'Asked the buyer for more',
} as const;

export const enquiryTexts = {
  title: 'Enquiries',
  intro:
    "The enquiries raised with the seller's solicitor about the contract pack and the searches, each with the reply recorded. Accept a reply that answers the enquiry, or raise a follow-up. The report on title waits until none is open.",
  none: 'No enquiries raised yet.',
  summary: (open: number, total: number) =>
    open === 0 ? `${total} raised, none open` : `${total} raised, ${open} open`,
  number: (n: number) => `Enquiry ${n}`,
  followUpOf: (n: number) => `Follow-up to enquiry ${n}`,
  outcomes: {
    OPEN: 'Open',
    SATISFIED: 'Answered',
    FOLLOWED_UP: 'Followed up',
    WITHDRAWN: 'Withdrawn',
  } as const,
  raisedBy: (date: string, name: string | null | undefined) =>
    name ? `Raised ${date} by ${name}` : `Raised ${date}`,
  repliedBy: (date: string, name: string | null | undefined) =>
    name ? `Reply recorded ${date} by ${name}` : `Reply recorded ${date}`,
  withdrawn: (reason: string) => `Withdrawn: ${reason}`,
  raise: 'Raise an enquiry',
  raiseIntro:
    "Ask the seller's solicitor one specific question the contract pack or the searches leave open.",
  question: 'Enquiry',
  questionRequired: 'Enter the enquiry',
  questionTooLong: 'Use 2000 characters or fewer',
  raised: 'Enquiry raised',
  answer: 'Record reply',
  answerTitle: (n: number) => `Record the reply to enquiry ${n}`,
  answerIntro: "The seller's solicitor's reply, as they sent it. It is kept in the case file.",
  reply: 'Reply',
  replyRequired: 'Enter the reply',
  replyTooLong: 'Use 5000 characters or fewer',
  notAnswered: 'The reply does not answer it: raise a follow-up',
  followUp: 'Follow-up enquiry',
  followUpRequired: 'Enter the follow-up enquiry',
  answered: 'Reply recorded',
  withdraw: 'Withdraw',
  withdrawTitle: (n: number) => `Withdraw enquiry ${n}`,
  withdrawIntro: 'Say why it is withdrawn (raised in error, or answered elsewhere).',
  reason: 'Reason',
  reasonRequired: 'Enter why it is withdrawn',
  withdrawnDone: 'Enquiry withdrawn',
};

/** The findings each report asks of the conveyancer (issue 29): the server requires the same. */
export const FINDINGS: Partial<
  Record<
    StaffDraftType,
    readonly { field: StaffFindingField; label: string; helper: string; required: boolean }[]
  >
> = {
  REPORT_ON_TITLE: [
    {
      field: 'titleFindings',
      label: 'What the title shows',
      helper:
        'The registered owner, rights and restrictions, and anything the buyers must know, from the title register and the contract.',
      required: true,
    },
    {
      field: 'searchFindings',
      label: 'What the searches found',
      helper: 'What the local authority, drainage and environmental searches show that matters.',
      required: true,
    },
    {
      field: 'lenderFindings',
      label: 'The lender’s conditions (optional)',
      helper: 'What the offer’s conditions ask of the buyers, where they borrow.',
      required: false,
    },
  ],
  MORTGAGE_REPORT: [
    {
      field: 'lenderFindings',
      label: 'What you checked in the offer',
      helper:
        'That it names the owners, this property and the amount applied for, and what its conditions ask of them.',
      required: true,
    },
  ],
};
