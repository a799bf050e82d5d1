/** Spec section 2 "Quote, invitations, dialogs" and section 8, word for word. */
export const QUOTE_TEXTS = {
  quoteTitle: 'Your Conveyancing Quote',
  acceptQuote: 'Accept Quote & Continue',
  reportIssue: 'Report an issue',
  lenderTitle: 'Your Conveyancing Invite',
  acceptInvitation: 'Accept Invitation',
  declineInvitation: 'Decline Invitation',
  declined: 'You have declined this quote and invitation',
  close: 'Close',
  missing: "Sorry, we couldn't find your quote.",
  closeMessage: 'Close the message',
  invitationTitle: 'Invitation to Conveyancing',
  donorTitle: 'Confirm Your Gift Contribution',
  accept: 'Accept',
  decline: 'Decline',
} as const;

/**
 * QUOTE-02: the quote screen names the broker "with broker name and firm": 'Prepared by Bea
 * Broker, Bright Mortgages Ltd', or whichever part is known (null when neither is).
 */
export function preparedBy(name?: string | null, firm?: string | null): string | null {
  const who = [name, firm].filter(Boolean).join(', ');
  return who ? `Prepared by ${who}` : null;
}

/** Our own wording around the spec's texts. */
export const QUOTE_LABELS = {
  loading: 'Loading your quote',
  subtotal: 'Subtotal',
  discount: 'Discount',
  total: 'Total',
  deposit: 'Up-front payment',
  summary: 'Quote summary',
  /** Only for a quote stored without its terms (older than them); the server's words otherwise. */
  depositNote:
    'Any up-front payment is taken off your final bill; the rest is due just before completion.',
  accepted: 'You accepted this quote on',
  giftConfirmed: 'Thank you: your gift is confirmed',
  giftConfirmedNote:
    'The buyers can see that you have confirmed it. We may ask you for a statement showing where the money comes from.',
  retry: 'Try again',
  reportTitle: 'Report an issue',
  working: 'Please wait...',
} as const;

/**
 * A re-quote waiting for the client to accept it again (issue 28): what changed since they
 * accepted the earlier quote. Our wording.
 */
export const QUOTE_CHANGED_TEXTS = {
  customer: (date: string) =>
    `Your quote has changed since you accepted it on ${date}. Check the new figures and accept the quote again to carry on.`,
  broker: (date: string) =>
    `The quote changed after your client accepted it on ${date}; they have been asked to accept it again.`,
  caption: 'How the quote changed',
  figure: 'Figure',
  was: 'Was',
  now: 'Now',
  total: 'Total',
  /** When the new quote names no tax (the earlier one had an estimate). */
  landTax: 'Land tax estimate',
  none: 'None',
} as const;

/** A gift donor's own page (/gift/{caseId}); our wording. */
export const DONOR_PAGE_TEXTS = {
  title: 'Your gift contribution',
  intro:
    'You have been named as giving a gift towards a purchase. This is your gift as the buyers gave it; you see only your own gift, never their application.',
  property: 'Towards the purchase of',
  buyer: 'Asked by',
  amount: 'Amount',
  status: 'Your answer',
  notGiven: 'Not given',
  invited: 'Not answered yet',
  accepted: 'Confirmed',
  declined: 'Declined',
  invitedNote: 'The buyers are waiting for you to confirm or decline this gift.',
  acceptedNote: QUOTE_LABELS.giftConfirmedNote,
  declinedNote: 'You declined this gift. The buyers have been told.',
  loading: 'Loading your gift',
  notFound: "We couldn't find a gift of yours towards this purchase.",
  // The donor's evidence, once they confirmed (the guidance is the spec's §5 rule).
  evidenceHeading: 'Your evidence',
  evidenceIntro:
    'Upload statements showing the money you are giving. PDF, JPEG, PNG and HEIC files are accepted, up to 32 MB each.',
  evidenceList: 'Evidence you uploaded',
  evidenceFile: 'gift statement',
  noEvidence: 'You have not uploaded any evidence yet.',
  upload: 'Upload a gift statement',
} as const;

/** 'Report an issue' (QUOTE-05; what it does is ours). */
export const REPORT_TEXTS = {
  intro: (broker: string) =>
    `Tell ${broker} what doesn't look right in this quote. They prepared it and can correct it for you.`,
  label: 'What is wrong with the quote?',
  required: 'Please tell us what is wrong with the quote',
  cancel: 'Cancel',
  send: 'Send to your broker',
  sent: (broker: string) => `Your message has been sent to ${broker}. They will get back to you.`,
  reportedTitle: 'Issues reported about this quote',
  yourReports: 'Issues you reported',
} as const;
