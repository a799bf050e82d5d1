import type { NameExplanation } from '../../lib/api/types';

/**
 * Issue 33: the names HM Land Registry has on the title, beside the owners listed. A name that
 * is no owner is explained with the document that proves it.
 */
export const TITLE_REGISTER_TEXTS = {
  heading: 'Names on the title register',
  intro:
    'These are the owners HM Land Registry has on record for the property. Each name should be one of the owners listed above. If one is not, tell us why before you submit the application.',
  isOwner: 'One of the owners',
  notOwner: 'Not one of the owners listed',
  explain: 'Tell us why',
  dialogTitle: (name: string) => `Why is ${name} not an owner?`,
  legend: 'What happened?',
  chooseFirst: 'Choose what happened first',
  upload: (evidence: string) => `Upload the ${evidence}`,
  uploadHint:
    'We keep the document with your case and the name comes off this list. A photo or scan of the whole document is fine.',
  inputLabel: 'Evidence for the name on the title register',
  progressLabel: 'Uploading the evidence',
  explained: 'Thank you: the name is explained and off the list.',
  cancel: 'Cancel',
} as const;

/** What happened to a registered owner who is not listed, and the document that proves it. */
export const NAME_EXPLANATIONS: Record<
  NameExplanation,
  { label: string; explanation: string; evidence: string; documentType: string }
> = {
  DECEASED: {
    label: 'They have died',
    explanation: 'A joint owner who has died is taken off the title with their death certificate.',
    evidence: 'death certificate',
    documentType: 'DEATH_CERTIFICATE',
  },
  MARRIAGE: {
    label: 'Their name changed when they married or formed a civil partnership',
    explanation: 'The certificate shows the old name and the new one.',
    evidence: 'marriage or civil partnership certificate',
    documentType: 'MARRIAGE_CERTIFICATE',
  },
  DEED_POLL: {
    label: 'Their name changed by deed poll',
    explanation: 'The deed poll shows the old name and the new one.',
    evidence: 'deed poll',
    documentType: 'DEED_POLL',
  },
};

export const NAME_EXPLANATION_ORDER: NameExplanation[] = ['DECEASED', 'MARRIAGE', 'DEED_POLL'];
