import type { SourceOfFundsState } from '../../lib/api/types';

/** The source-of-funds page's words (issue 33, SOF feature), in plain English. */
export const SOURCE_OF_FUNDS_TEXTS = {
  title: 'Source of funds',
  // The case page's way in.
  entryLine: 'Tell us where the money for your purchase comes from',
  intro:
    'We must check where the money for your purchase comes from before we can go ahead: the law on money laundering asks every conveyancer to. For each source you told us about, tell us how the money was built up and upload its evidence.',
  backToCase: 'Back to your case',
  sources: 'Your sources of funds',
  none: 'You have not told us about any sources of funds yet. Add them in the Purchase & Financing section of your application.',
  amount: (money: string) => `Amount: ${money}`,
  whatWeNeed: (reason: string) => `What we need: ${reason}`,
  evidence: 'Evidence',
  // The form.
  origin: 'Where did this money come from?',
  originHint: 'For example: saved from my salary as a teacher',
  builtUpOver: 'Over how long was it built up?',
  builtUpOverHint: 'For example: about 4 years',
  accountHolder: 'Whose name is the account in?',
  accountHolderHint: 'For example: mine and my partner’s joint account',
  required: 'Please answer this question',
  tooLong: (max: number) => `Please use ${max} characters or fewer`,
  save: 'Save',
  saving: 'Saving…',
  saved: 'Saved',
  failed: "Sorry, we couldn't save your answers. Please try again.",
  // Open banking, where the firm offers it.
  connectBank: 'Connect your bank instead',
  connectBankHint:
    'Share 12 months of this account’s statements straight from your bank, securely through TrueLayer. You choose the account; we only read it, once.',
  connecting: 'Taking you to your bank…',
  connectFailed:
    "Sorry, we couldn't reach the bank-connection service. Please try again, or upload the statements.",
  bankConnected:
    'Thank you: we have received your statements from your bank. We will review them with your answers.',
  bankFailed:
    "We couldn't get your statements from your bank. You can try again, or upload them instead.",
} as const;

/** Each state's chip, as the buyer reads it. */
export const SOURCE_STATE_LABELS: Record<SourceOfFundsState, string> = {
  DETAILS_NEEDED: 'Tell us about it',
  EVIDENCE_NEEDED: 'Evidence needed',
  READY_FOR_REVIEW: 'With us to review',
  MORE_NEEDED: 'We need more',
  ACCEPTED: 'Accepted',
};

/** The server's limit on each answer. */
export const DETAILS_MAX = 500;
