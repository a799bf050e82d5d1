import type { NameExplanation, TransferReason } from '../../lib/api/types';
import { TRANSFER_REASON_LABELS } from '../../lib/labels';
import type { CaseKind } from '../cases';

/**
 * The Owners and Transfer of Equity sections' words. The e-mail messages are the spec's (§5),
 * word for word; the rest is plain English for a customer. The missing-field labels come from
 * the server (each owner's `missingFields`, the engine's rule).
 */

export const OWNERS_TEXTS = {
  intro:
    'Everyone named on the title of the property is an owner. Each owner fills in their own details; you will only see the details of other owners that they have shared with you.',
  ownersHeading: 'Owners',
  noOwners: 'No owners are listed yet.',
  lead: 'Lead owner',
  you: 'You',
  redacted: 'Details completed by this owner',
  missingIntro: 'Still needed:',
  complete: 'All details given',
  // The owner's fields, as shown in the list.
  fieldPreferredName: 'Preferred name',
  fieldLegalName: 'Legal name',
  fieldEmail: 'Email address',
  fieldPhone: 'Phone number',
  fieldDateOfBirth: 'Date of birth',
  fieldAddress: 'Address',
  livesAtProperty: 'Lives at the property',
  fieldOccupation: 'Occupation',
  fieldNiNumber: 'National Insurance number',
  fieldUkResident: 'UK resident',
  notGiven: 'Not given',
  yes: 'Yes',
  no: 'No',
  // The owner's own case details form.
  detailsHeading: 'Your details for this case',
  detailsHeadingFor: (name: string) => `Details for ${name}`,
  profileNote: 'Your name, phone number and date of birth come from your profile, in',
  profileLink: 'Settings',
  addressLabel: 'Address line 1',
  addressHelp: 'The first line of the current home address',
  addressLine2Label: 'Address line 2 (optional)',
  townLabel: 'Town or city (optional)',
  postcodeLabel: 'Postcode (optional)',
  livesAtPropertyLegend: 'Do you live at the property?',
  livesAtPropertyLegendFor: (name: string) => `Does ${name} live at the property?`,
  livesAtPropertyHint: (address: string) =>
    `${address}. If so, this is the address we use and we do not ask for it again.`,
  livesAtPropertyRequired: 'Say whether they live at the property',
  occupationLabel: 'Occupation (optional)',
  niLabel: 'National Insurance number (optional)',
  niHelp: 'Like QQ 12 34 56 C. It is on your payslips or P60.',
  ukResidentLegend: 'Are you a UK resident?',
  ukResidentLegendFor: (name: string) => `Is ${name} a UK resident?`,
  saveDetails: 'Save details',
  saving: 'Saving...',
  saved: 'Saved.',
  addressRequired: 'Address line 1 is required',
  addressTooLong: 'Address line 1 must be 200 characters or fewer',
  addressLine2TooLong: 'Address line 2 must be 200 characters or fewer',
  townRequired: 'Enter the town or city',
  townTooLong: 'The town must be 100 characters or fewer',
  postcodeRequired: 'Enter the postcode',
  postcodeInvalid: 'Enter a UK postcode, like SW1A 1AA',
  occupationTooLong: 'Occupation must be 100 characters or fewer',
  niInvalid: 'Enter a National Insurance number in the right format, like QQ 12 34 56 C',
  // Adding and removing owners.
  addHeading: 'Add an owner',
  addIntro:
    'Add anyone else named on the title. They will receive an invitation e-mail to join this case and fill in their own details.',
  addNameLabel: 'Their preferred name',
  addEmailLabel: 'Their email address',
  addButton: 'Add owner',
  adding: 'Adding...',
  added: (email: string) =>
    `Owner added. We have sent an invitation e-mail to ${email} so they can join this case.`,
  nameRequired: 'Their preferred name is required',
  nameTooShort: 'Their preferred name must be at least 2 characters',
  nameTooLong: 'Their preferred name must be 100 characters or fewer',
  remove: 'Remove',
  removeOwnerLabel: (name: string) => `Remove ${name}`,
  removeOwnerTitle: (name: string) => `Remove ${name}?`,
  removeOwnerBody:
    'They will no longer be an owner on this case and will lose access to it. You can add them again later.',
  removeSelfBody:
    'You will no longer be an owner on this case and will lose access to it. Another owner can add you again later.',
  // Adult occupants.
  occupantsHeading: 'Other adults at the property',
  occupantsQuestion: 'Do any other adults (18 or over) live at the property?',
  occupantsHelp:
    'Anyone 18 or over who lives there and is not an owner, for example a grown-up child or a lodger. Your new lender needs to know about them.',
  occupantsListLabel: 'Adults living at the property',
  noOccupants: 'No one is listed yet. Add each adult who lives at the property.',
  addOccupantHeading: 'Add an adult who lives at the property',
  occupantNameLabel: 'Full name',
  occupantEmailLabel: 'Email address (optional)',
  addOccupant: 'Add person',
  occupantRemoveTitle: (name: string) => `Remove ${name}?`,
  occupantRemoveBody: 'They will be taken off the list of adults living at the property.',
  fullNameRequired: 'Full name is required',
  fullNameTooShort: 'Full name must be at least 2 characters',
  fullNameTooLong: 'Full name must be 100 characters or fewer',
  // Tenants in common: how the property is shared (POST /tenancy-split).
  sharesHeading: 'Shares in the property',
  sharesIntro:
    'As tenants in common, each of you owns a share of the property, and it can be unequal, for example if one of you paid more of the deposit. Each share can pass by will. Give each owner’s share in percent.',
  shareLabel: (name: string) => `${name}’s share (%)`,
  sharesTotal: (total: string) => `Total: ${total}%`,
  saveShares: 'Save shares',
  sharesSaved: 'Shares saved',
  shareInvalid: 'Enter a share between 0 and 100%, with at most two decimals',
  sharesNotWhole: 'The shares must add up to 100%',
  // Generic outcomes.
  cancel: 'Cancel',
  genericError: 'We could not save this, please try again.',
} as const;

/** The Owners words as a type any case type's wording fits (plain strings, same functions). */
export type OwnersTexts = {
  [K in keyof typeof OWNERS_TEXTS]: (typeof OWNERS_TEXTS)[K] extends string
    ? string
    : (typeof OWNERS_TEXTS)[K];
};

/**
 * Buyer Details: the Owners section of a purchase, in a buyer's words. A buyer must also give
 * their occupation, National Insurance number and UK residence (spec §5 "Buyer completeness"),
 * so those fields are not marked optional.
 */
export const BUYERS_TEXTS: OwnersTexts = {
  ...OWNERS_TEXTS,
  intro:
    'Everyone buying the property is a buyer. Each buyer fills in their own details; you will only see the details of other buyers that they have shared with you.',
  ownersHeading: 'Buyers',
  noOwners: 'No buyers are listed yet.',
  lead: 'Lead buyer',
  redacted: 'Details completed by this buyer',
  addressHelp: 'The first line of your current home address',
  // Identity checks and the land tax return need a buyer's full address.
  townLabel: 'Town or city',
  postcodeLabel: 'Postcode',
  occupationLabel: 'Occupation',
  niLabel: 'National Insurance number',
  addHeading: 'Add a buyer',
  addIntro:
    'Add anyone else buying the property with you. They will receive an invitation e-mail to join this case and fill in their own details.',
  addButton: 'Add buyer',
  added: (email: string) =>
    `Buyer added. We have sent an invitation e-mail to ${email} so they can join this case.`,
  removeOwnerBody:
    'They will no longer be a buyer on this case and will lose access to it. You can add them again later.',
  removeSelfBody:
    'You will no longer be a buyer on this case and will lose access to it. Another buyer can add you again later.',
  sharesIntro:
    'As tenants in common, each of you will own a share of the property, and it can be unequal, for example if one of you pays more of the deposit. Each share can pass by will. Give each buyer’s share in percent.',
};

/** The Owners section's words for each case type. */
export const PARTY_TEXTS: Record<CaseKind, OwnersTexts> = {
  remortgaging: OWNERS_TEXTS,
  buying: BUYERS_TEXTS,
};

export const TRANSFER_TEXTS = {
  intro:
    'A transfer of equity changes who owns the property, for example when one owner is taken off the title after a separation. Tell us what the change is based on and who is being removed.',
  reasonHeading: 'Reason for the transfer',
  reasonLegend: 'What is the transfer based on?',
  reasonRequired: 'Choose what the transfer is based on',
  saveReason: 'Save reason',
  /** The reason changed the quote: the new quote needs accepting before the owners go on. */
  requoted:
    'Reason saved. A transfer on separation pays no land tax, so your quote has been worked out again: please review it and accept it to carry on.',
  removedHeading: 'Owners being removed from the title',
  removedIntro: 'Add each person who will no longer own the property after the transfer.',
  noRemoved: 'No one is listed yet.',
  addRemovedHeading: 'Add an owner being removed',
  addRemoved: 'Add person',
  removeTitle: (name: string) => `Take ${name} off this list?`,
  removeBody: 'They will no longer be listed as an owner being removed from the title.',
} as const;

/** Spec §3 "Transfer reason" with a one-line plain-English explanation each. */
export const TRANSFER_REASONS: Record<TransferReason, { label: string; explanation: string }> = {
  COURT_ORDER: {
    label: TRANSFER_REASON_LABELS.COURT_ORDER,
    explanation: 'A court decided how the property is split and ordered the transfer.',
  },
  CONSENT_ORDER: {
    label: TRANSFER_REASON_LABELS.CONSENT_ORDER,
    explanation:
      'You agreed how to split the property and a court made your agreement legally binding.',
  },
  PRIVATE_AGREEMENT: {
    label: TRANSFER_REASON_LABELS.PRIVATE_AGREEMENT,
    explanation: 'You agreed the transfer between yourselves, without going to court.',
  },
};

export const TRANSFER_REASON_ORDER: TransferReason[] = [
  'COURT_ORDER',
  'CONSENT_ORDER',
  'PRIVATE_AGREEMENT',
];

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

/**
 * Issue 33 (CALLS-26): a company case's company, in the Owners section. The lender lends to the
 * company; its directors and any personal guarantors are among the owners listed, whose
 * identities we verify.
 */
export const COMPANY_TEXTS = {
  heading: 'The company',
  intro:
    'The property is owned by a company, so the lender lends to the company rather than to you personally. Give us the company’s details exactly as Companies House registers them, and tell us which owners are its directors and which, if any, are personally guaranteeing the mortgage.',
  ownersNote:
    'Each director and each personal guarantor must be listed as an owner above, so that we can verify their identity. Add anyone missing as an owner first.',
  registeredNameLabel: 'Registered name',
  registeredNameHelp: 'As it appears on Companies House, for example Smith Holdings Ltd',
  companyNumberLabel: 'Company number',
  companyNumberHelp: '8 digits, or 2 letters and 6 digits, for example 01234567 or SC123456',
  officeHeading: 'Registered office',
  addressLine1Label: 'Registered office address line 1',
  addressLine2Label: 'Registered office address line 2 (optional)',
  townLabel: 'Town or city',
  postcodeLabel: 'Postcode',
  officersLegend: 'Directors and personal guarantors',
  officersHint:
    'Tick Director for each owner who is a director of the company, and Personal guarantor for anyone personally guaranteeing the mortgage.',
  director: 'Director',
  guarantor: 'Personal guarantor',
  save: 'Save company details',
  saved: 'Company details saved.',
  change: 'Change',
  cancel: 'Cancel',
  notGiven: 'The company’s details have not been given yet.',
  // The summary.
  fieldRegisteredName: 'Registered name',
  fieldCompanyNumber: 'Company number',
  fieldRegisteredOffice: 'Registered office',
  fieldDirectors: 'Directors',
  fieldGuarantors: 'Personal guarantors',
  none: 'None',
  // Problems.
  registeredNameRequired: 'Enter the company’s registered name',
  registeredNameTooLong: 'The registered name must be 160 characters or fewer',
  companyNumberRequired: 'Enter the company number',
  companyNumberInvalid:
    'Enter the company number as Companies House shows it: 8 digits, or 2 letters and 6 digits, like SC123456',
  addressLine1Required: 'Enter the first line of the registered office address',
  addressLine1TooLong: 'Address line 1 must be 200 characters or fewer',
  addressLine2TooLong: 'Address line 2 must be 200 characters or fewer',
  townRequired: 'Enter the town or city',
  townTooLong: 'The town must be 100 characters or fewer',
  postcodeRequired: 'Enter the postcode',
  postcodeInvalid: 'Enter a UK postcode, like SW1A 1AA',
  directorRequired: 'Tick Director for at least one owner',
} as const;
