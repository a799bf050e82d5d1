import type { LandOwnership, Tenure } from '../../lib/api/types';
import { LAND_OWNERSHIP_LABELS, TENURE_LABELS } from '../../lib/labels';
import type { CaseKind } from '../cases';

/** The application sections' wording. The §5 texts are the spec's, word for word. */
export const APPLICATION_TEXTS = {
  loading: 'Loading section',
  saving: 'Saving...',
  saved: 'Saved',
  save: 'Save',
  previous: 'Previous',
  next: 'Next',
  backToCase: 'Back to the case',
  unavailable:
    'This section is not open at the moment. Go back to the case to see what is needed first.',
  yes: 'Yes',
  no: 'No',
  delete: 'Delete',
  cancel: 'Cancel',
  notGiven: 'Not given',
  notAnswered: 'Not answered yet',
} as const;

export const KEY_FACTS_TEXTS = {
  summary: 'The key facts of your remortgage',
  address: 'Property address',
  jurisdiction: 'Country',
  usage: 'How the property is used',
  companyOwned: 'Owned by a company',
  reason: 'Reason for remortgaging',
  dealEnds: 'Current deal ends',
  propertyValue: 'Property value',
  loanAmount: 'New loan amount',
  newLender: 'New lender',
  helpToBuy: 'Repaying a Help to Buy loan',
  // A purchase's key facts.
  buyingSummary: 'The key facts of your purchase',
  purchasePrice: 'Purchase price',
  deposit: 'Deposit',
  lender: 'Mortgage lender',
  firstTimeBuyer: 'First-time buyer',
  newBuild: 'New build',
  sharedOwnership: 'Shared ownership',
  targetMoveIn: 'Target move-in date',
  // The edit form (/application/key-facts/edit).
  editLink: 'Edit key facts',
  editTitle: 'Edit key facts',
  editIntro:
    'When you save, the quote for our legal work is worked out again from the new key facts.',
  cancel: 'Cancel',
  saved: 'Key facts saved',
  /** A customer's save re-quotes the case: the new quote needs accepting before they go on. */
  requoted:
    'Key facts saved. Your quote has been worked out again: please review it and accept it to carry on.',
  leave: 'Your changes to the key facts have not been saved. If you leave now they will be lost.',
  /** When the server gives no reason with INELIGIBLE (the case card's wording). */
  ineligible: {
    remortgaging: 'Unfortunately this remortgage is not one we can take on just yet.',
    buying: 'Unfortunately this purchase is not one we can take on just yet.',
  },
} as const;

export const PROPERTY_TEXTS = {
  address: 'Property address',
  addressHint: 'The address from the key facts of the case.',
  landOwnership: 'How do the owners own the property?',
  propertyType: 'Property type',
  tenure: 'Tenure',
  groundRentHeading: 'Ground rent',
  groundRentIntro: 'A leasehold property usually pays ground rent to the freeholder.',
  groundRentAmount: 'Ground rent amount (£)',
  groundRentAmountHint: 'Enter 0 if no ground rent is charged.',
  groundRentFrequency: 'How often is ground rent paid?',
  landOwnershipRequired: 'Choose how the property is owned',
  propertyTypeRequired: 'Choose the property type',
  tenureRequired: 'Choose the tenure',
  amountRequired: 'Enter the ground rent amount',
  amountInvalid: 'Enter an amount in pounds, like 250 or 250.50',
  frequencyRequired: 'Choose how often ground rent is paid',
  // A purchase's Property section.
  buyingLandOwnership: 'How will the buyers own the property?',
  keyFactsHint: 'These come from the key facts of the purchase.',
  changeKeyFacts: 'Change these in Key Facts',
  /** A purchase's tenants in common give their shares with the buyers (POST /tenancy-split). */
  sharesWithBuyers: 'As tenants in common, each buyer’s share of the property is given in',
  buyerDetails: 'Buyer Details',
} as const;

export const ALTERATIONS_TEXTS = {
  question: 'Has the property been altered since it was bought?',
  questionHint:
    'For example an extension, a loft or garage conversion, new windows or doors, a new boiler, electrics or solar panels.',
  answerRequired: 'Choose yes or no',
  listHeading: 'Alterations',
  /** One alteration in the review: 'Alteration 1'. */
  itemTerm: 'Alteration',
  none: 'No alterations added yet.',
  addHeading: 'Add an alteration',
  type: 'Type of alteration',
  completedOn: 'Completed on (optional)',
  documentsHeldBy: 'Who holds the documents for this alteration?',
  add: 'Add alteration',
  typeRequired: 'Choose the type of alteration',
  dateInvalid: 'Enter a real date',
  dateFuture: 'The date cannot be in the future',
  heldByRequired: 'Choose who holds the documents',
  completed: 'Completed',
  documentsWith: 'Documents held by',
} as const;

export const LOANS_TEXTS = {
  question: 'Are there any existing loans or charges secured on the property?',
  questionHint:
    'For example a mortgage, a further advance, a secured loan or a charging order. Your current mortgage counts.',
  answerRequired: 'Choose yes or no',
  listHeading: 'Existing charges',
  /** One charge in the review: 'Charge 1'. */
  itemTerm: 'Charge',
  none: 'No charges added yet.',
  addHeading: 'Add a charge',
  chargeType: 'Type of charge',
  lenderName: 'Lender name (optional)',
  amount: 'Amount outstanding in £ (optional)',
  add: 'Add charge',
  chargeTypeRequired: 'Choose the type of charge',
  lenderTooLong: 'The lender name must be at most 100 characters',
  amountInvalid: 'Enter an amount in pounds, like 150000 or 150000.50',
  lender: 'Lender',
  amountLabel: 'Amount',
} as const;

/**
 * The Loans question of a purchase: the mortgage for it is given under Purchase & Financing, so
 * this asks about any other borrowing that will be secured on the property bought.
 */
export const BUYING_LOANS_TEXTS: LoansTexts = {
  ...LOANS_TEXTS,
  question: 'Will any other loans be secured on the property you are buying?',
  questionHint:
    'For example a secured loan or a second charge taken out alongside your mortgage. Do not include the mortgage for this purchase: it is covered under Purchase & Financing.',
  listHeading: 'Loans secured on the property',
  itemTerm: 'Loan',
  none: 'No loans added yet.',
  addHeading: 'Add a loan',
  chargeType: 'Type of loan',
  amount: 'Amount borrowed in £ (optional)',
  add: 'Add loan',
  chargeTypeRequired: 'Choose the type of loan',
};

export type LoansTexts = { [K in keyof typeof LOANS_TEXTS]: string };

/** The Loans / Financial Details words of each case type. */
export const LOANS_TEXTS_BY_KIND: Record<CaseKind, LoansTexts> = {
  remortgaging: LOANS_TEXTS,
  buying: BUYING_LOANS_TEXTS,
};

export const REVIEW_TEXTS = {
  intro: 'Check your answers. You can change any section with its Edit link.',
  edit: 'Edit',
  missingHeading: 'Still to do',
  nothingMissing: 'Everything needed is complete.',
  sectionNotComplete: 'is not complete',
  submit: 'Submit application',
  submitting: 'Submitting...',
  notReady: 'You can submit once every section is complete.',
  brokerCannotSubmit: 'Only the customer can submit the application.',
  // The declaration the firm needs before it acts (issue 26); the server keeps the same words.
  declaration:
    'I confirm the information I have given is true and complete to the best of my knowledge, and I will tell you if anything changes before completion.',
  declarationNeeded: 'Tick the declaration to submit.',
  owner: 'Owner',
  ownerMissing: 'missing',
  occupants: 'Adults living at the property who are not owners',
  transferReason: 'Reason for the transfer',
  removedOwners: 'Owners being removed',
  documentsUploaded: 'uploaded',
  documentsNone: 'No documents are needed.',
  hasAlterations: 'Alterations since it was bought',
  hasLoans: 'Existing loans or charges',
  // A purchase's summaries.
  buyer: 'Buyer',
  buyingHasLoans: 'Other loans secured on the property',
  sourcesOfFunds: 'Sources of funds',
  isas: 'ISAs',
  landTaxEstimate: 'Estimate',
} as const;

/** Spec §3 "Ownership type", with what each means for the owners (labels: lib/labels). */
export const LAND_OWNERSHIP_OPTIONS: {
  value: LandOwnership;
  label: string;
  explanation: string;
}[] = [
  {
    value: 'SOLE_OWNER',
    label: LAND_OWNERSHIP_LABELS.SOLE_OWNER,
    explanation: 'One person owns the whole property.',
  },
  {
    value: 'JOINT_TENANCY',
    label: LAND_OWNERSHIP_LABELS.JOINT_TENANCY,
    explanation:
      'The owners own the whole property together in equal shares. If one owner dies, their share passes to the survivor automatically.',
  },
  {
    value: 'TENANTS_IN_COMMON',
    label: LAND_OWNERSHIP_LABELS.TENANTS_IN_COMMON,
    explanation:
      'Each owner owns a share, and the shares can be unequal. If one owner dies, their share passes under their will, not automatically to the other owners.',
  },
];

/** Each tenure with what it means (labels: lib/labels). */
export const TENURE_OPTIONS: { value: Tenure; label: string; explanation: string }[] = [
  {
    value: 'FREEHOLD',
    label: TENURE_LABELS.FREEHOLD,
    explanation: 'You own the building and the land.',
  },
  {
    value: 'LEASEHOLD',
    label: TENURE_LABELS.LEASEHOLD,
    explanation: 'You own the property for the length of a lease from the freeholder.',
  },
  {
    value: 'COMMONHOLD',
    label: TENURE_LABELS.COMMONHOLD,
    explanation: 'You own your unit and share ownership of the common parts with the other owners.',
  },
];
