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
