import type { LandOwnership, LandTaxType, Tenure } from '../../lib/api/types';
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

export const DOCUMENTS_TEXTS = {
  intro:
    'Upload each document below. PDF, JPEG, PNG and HEIC files are accepted, up to 32 MB each.',
  documents: 'Documents',
  alterationDocuments: 'Alteration documents',
  buyToLetDocuments: 'Buy-to-let documents',
  // A purchase's groups (requiredDocuments).
  sourceOfFundsDocuments: 'Evidence of your sources of funds',
  isaDocuments: 'ISA statements',
  statements: 'Bank statements',
  nothingRequired: 'No documents are needed for this case at the moment.',
  upload: 'Upload',
  replace: 'Replace',
  uploading: 'Uploading',
  uploaded: 'Uploaded',
  /** An uploaded slot's file: 'statement.pdf, uploaded 12/03/2026'. */
  uploadedFile: (fileName: string, date: string) => `${fileName}, uploaded ${date}`,
  notUploaded: 'Not uploaded yet',
  view: 'Download',
  tooLarge: 'This file is larger than 32 MB. Please choose a file of 32 MB or less.',
  wrongType: 'This file type is not accepted. Please upload a PDF, JPEG, PNG or HEIC file.',
  uploadFailed: "Sorry, we couldn't upload this document. Please try again.",
  deleteFailed: "Sorry, we couldn't delete this document. Please try again.",
  viewFailed: "Sorry, we couldn't download this document. Please try again.",
} as const;

/**
 * What to upload for each document type, in words a homeowner acts on: what the document is and
 * what it must show. Spec §5's evidence rules keep their meaning (DOCS-06..08): a donor's or Help
 * to Buy statement dated within 3 months of the deal ending or completion; bank statements going
 * back at least 12 months; gift statements covering at least the last 6 months. Types without
 * guidance show none.
 */
export const DOCUMENT_GUIDANCE: Record<string, string> = {
  // A purchase's evidence of where the money comes from.
  MORTGAGE_IN_PRINCIPLE:
    'Your mortgage in principle (or agreement in principle) from your lender, in the buyers’ names.',
  SAVINGS_STATEMENT:
    'A statement of the savings account the money comes from, showing your name, the account and the balance.',
  PROPERTY_SALE_EVIDENCE:
    'Evidence of the sale of your property, such as the memorandum of sale or your solicitor’s completion statement.',
  INHERITANCE_EVIDENCE:
    'Evidence of the inheritance, such as the estate accounts or a letter from the executor or their solicitor.',
  PENSION_STATEMENT: 'A statement from your pension provider showing the lump sum paid to you.',
  INVESTMENT_SALE_EVIDENCE:
    'Evidence of the sale of the investments, such as the contract note or a statement showing the proceeds.',
  BUSINESS_SALE_EVIDENCE:
    'Evidence of the sale of the business, such as the sale agreement or the completion statement.',
  SOURCE_OF_FUNDS_EVIDENCE: 'A document showing where this money comes from and that it is yours.',
  LIFETIME_ISA_STATEMENT:
    'A statement of your Lifetime ISA showing the balance and the government bonus.',
  MORTGAGE_STATEMENT:
    'Your latest statement from your current mortgage lender showing the amount you still owe, dated within 3 months of completion (or of your current deal ending).',
  BANK_STATEMENT:
    'Your bank statements for at least the last 12 months, from a year ago (or earlier) up to your latest one, in one file.',
  HELP_TO_BUY_STATEMENT:
    'A statement of your Help to Buy ISA showing the balance, dated within 3 months of completion (or of your current deal ending).',
  DONOR_STATEMENT:
    'A statement from the person giving the gift, dated within 3 months of completion (or of your current deal ending).',
  GIFT_STATEMENT:
    'Bank statements of the person giving the gift, covering at least the last 6 months and showing the money for the gift.',
  TENANCY_AGREEMENT: 'The current tenancy agreement, signed by you and the tenants.',
  GAS_SAFETY_CERTIFICATE: 'The current gas safety certificate (renewed every year).',
  ENERGY_PERFORMANCE_CERTIFICATE: 'A valid Energy Performance Certificate (EPC).',
  PLANNING_PERMISSION: 'The planning permission for the alteration, or proof it was not needed.',
  BUILDING_REGULATIONS_COMPLETION_CERTIFICATE:
    'The building regulations completion certificate from the council or an approved inspector.',
  FENSA_CERTIFICATE: 'The FENSA certificate for the windows or doors.',
  GAS_SAFE_CERTIFICATE: 'The Gas Safe certificate from the registered engineer who did the work.',
  ELECTRICAL_INSTALLATION_CERTIFICATE:
    'The electrical installation certificate from the electrician who did the work.',
  MCS_CERTIFICATE: 'The MCS certificate for the solar installation.',
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

export const PURCHASE_TEXTS = {
  purchasePrice: 'Purchase price',
  depositHeading: 'Your deposit and lender',
  depositAmount: 'Deposit (£)',
  depositHint:
    'The money you are putting towards the price yourselves, not borrowed from the lender.',
  depositRequired: 'Enter the deposit amount',
  depositInvalid: 'Enter an amount in pounds, like 40000 or 40000.50',
  depositTooHigh: 'The deposit cannot be more than the purchase price',
  lender: 'Mortgage lender',
  lenderHint:
    'Choose “No new lender” if you have not chosen one yet; you cannot submit until you do.',
  lenderKnownHint: 'From your key facts. Change it only if your lender has changed.',
  saveDeposit: 'Save deposit and lender',
  sourcesIntro:
    'Every source of the money, including the mortgage. We ask for evidence of each under Documents.',
  giftAmountBelow: 'You give the amount of each gift with its donor, below.',
  isaAmountBelow: 'You give the amount of each ISA with the ISA, below.',
  sourcesList: 'Sources of funds',
  noSources: 'No sources of funds added yet.',
  addSourceHeading: 'Add a source of funds',
  sourceType: 'Source of funds',
  sourceAmount: 'Amount in £ (optional)',
  addSource: 'Add source',
  sourceTypeRequired: 'Choose where the money comes from',
  amountInvalid: 'Enter an amount in pounds, like 25000 or 25000.50',
  amount: 'Amount',
  donorsIntro:
    'Add each person giving you money towards the purchase. We e-mail them to confirm the gift and its amount; they see only their own gift, never your application.',
  donorsList: 'People giving a gift',
  noDonors: 'No gift donors added yet.',
  addDonorHeading: 'Add a gift donor',
  donorName: 'Their name',
  donorEmail: 'Their e-mail address',
  giftAmount: 'Gift (£)',
  addDonor: 'Add donor',
  donorNameRequired: 'Enter their name (at least 2 characters)',
  donorEmailInvalid: 'Enter an e-mail address, like name@example.com',
  giftAmountInvalid: 'Enter the amount of the gift in pounds, like 10000',
  giftsNote: 'You have listed a gift: add the people giving it below.',
  changeGift: 'Change amount',
  changeGiftTitle: (name: string) => `Change the gift from ${name}`,
  changeGiftNote:
    'If they have already answered, they need to confirm the new amount: their gift shows as waiting for them to confirm until they do.',
  saveGift: 'Save amount',
  // What the donor uploaded as evidence of their gift (it also fills the Documents section's slot).
  evidence: (files: number) =>
    files === 0 ? 'Evidence: none yet' : `Evidence: ${files} file${files === 1 ? '' : 's'}`,
  donorsMissing: 'Add the gift donors under Purchase & Financing',
  isasList: 'ISAs',
  noIsas: 'No ISAs added yet.',
  addIsaHeading: 'Add an ISA',
  isaType: 'Type of ISA',
  isaHolder: 'Whose ISA is it? (optional)',
  isaAmount: 'Amount in £ (optional)',
  addIsa: 'Add ISA',
  isaTypeRequired: 'Choose the type of ISA',
  holder: 'Held by',
} as const;

/**
 * The land tax section's words for each tax. The section keeps the spec's title ('Stamp Duty
 * Land Tax') in both countries, but a property in Wales pays Land Transaction Tax to the Welsh
 * Revenue Authority instead, and the text says so.
 */
export const LAND_TAX_TEXTS: Record<LandTaxType, { name: string; intro: string; payable: string }> =
  {
    STAMP_DUTY_LAND_TAX: {
      name: 'Stamp Duty Land Tax',
      intro:
        'Stamp Duty Land Tax is paid to HM Revenue & Customs on a purchase in England. How much depends on the price and on your answers below.',
      payable: 'Payable to HM Revenue & Customs within 14 days of completion.',
    },
    LAND_TRANSACTION_TAX: {
      name: 'Land Transaction Tax',
      intro:
        'This property is in Wales, so you pay Land Transaction Tax to the Welsh Revenue Authority instead of Stamp Duty Land Tax. How much depends on the price and on your answers below.',
      payable: 'Payable to the Welsh Revenue Authority within 30 days of completion.',
    },
  };

export const SDLT_TEXTS = {
  multipleProperties: 'Will any buyer own more than one home once the purchase completes?',
  replacingMainResidence: 'Is the purchase replacing a buyer’s main residence?',
  replacingHint: 'Answer yes if a buyer is selling, or has sold, the home they live in now.',
  firstTimeBuyer: 'Is every buyer a first-time buyer?',
  firstTimeBuyerHint: 'Someone who has never owned a home, in the UK or anywhere else.',
  answerRequired: 'Choose yes or no',
  save: 'Save answers',
  estimate: (name: string) => `${name} estimate`,
  noneExpected: (name: string) => `No ${name} is expected on this purchase.`,
  noEstimate: 'An estimate will be shown once your quote is ready.',
  /** The answers changed the price: the new quote needs accepting before the buyer goes on. */
  requoted:
    'Answers saved. They change the land tax, so your quote has been worked out again: please review it and accept it to carry on.',
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
