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

/** The 'Enquiries' panel of a purchase (issue 29). */
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
