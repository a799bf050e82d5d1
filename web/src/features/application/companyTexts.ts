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
