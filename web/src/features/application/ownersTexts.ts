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
