/** The feedback dialog's wording. The validation texts (§5) and toasts (§8) are the spec's, word for word. */
export const FEEDBACK_TEXTS = {
  title: 'How was your experience?',
  intro: 'Tell us how it went. Your answer helps us improve Threshold.',
  ratingLabel: 'Your rating',
  commentLabel: 'Comment (optional)',
  commentHint: 'Press Ctrl+Enter (or Cmd+Enter) to send.',
  submit: 'Submit feedback',
  submitting: 'Submitting...',
  dismiss: 'No thanks',
  close: 'Close',
  ratingRequired: 'Please rate your experience',
  messageTooLong: 'Message must be less than 5000 characters',
  submitted: 'Thanks! your feedback has been submitted',
  submitFailed: 'Failed to submit feedback',
  dismissed: 'Feedback dismissed',
  dismissFailed: 'Failed to dismiss feedback',
} as const;

/** Spec §9: the longest comment. */
export const FEEDBACK_MESSAGE_LIMIT = 5000;

/** What the stars mean, read out with each: one per star, 1 to 5 (no sixth, 'no rating' option). */
export const RATING_LABELS = [
  '1 star, very poor',
  '2 stars, poor',
  '3 stars, okay',
  '4 stars, good',
  '5 stars, excellent',
] as const;
