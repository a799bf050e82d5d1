import type {
  AlterationType,
  ChargeType,
  DocumentsHeldBy,
  GroundRentFrequency,
  LandOwnership,
  PropertyType,
  Schemas,
  Tenure,
} from '../../lib/api/types';

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
  ineligible: 'Unfortunately this remortgage is not one we can take on just yet.',
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
} as const;

export const ALTERATIONS_TEXTS = {
  question: 'Has the property been altered since it was bought?',
  questionHint:
    'For example an extension, a loft or garage conversion, new windows or doors, a new boiler, electrics or solar panels.',
  answerRequired: 'Choose yes or no',
  listHeading: 'Alterations',
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

export const DOCUMENTS_TEXTS = {
  intro:
    'Upload each document below. PDF, JPEG, PNG and HEIC files are accepted, up to 32 MB each.',
  documents: 'Documents',
  alterationDocuments: 'Alteration documents',
  buyToLetDocuments: 'Buy-to-let documents',
  nothingRequired: 'No documents are needed for this case at the moment.',
  upload: 'Upload',
  replace: 'Replace',
  uploading: 'Uploading',
  uploaded: 'Uploaded',
  notUploaded: 'Not uploaded yet',
  view: 'Download',
  tooLarge: 'This file is larger than 32 MB. Please choose a file of 32 MB or less.',
  wrongType: 'This file type is not accepted. Please upload a PDF, JPEG, PNG or HEIC file.',
  uploadFailed: "Sorry, we couldn't upload this document. Please try again.",
  deleteFailed: "Sorry, we couldn't delete this document. Please try again.",
  viewFailed: "Sorry, we couldn't download this document. Please try again.",
} as const;

/**
 * The evidence each document must show (spec §5 "Document evidence rules" where it has one).
 * Types without guidance show none.
 */
export const DOCUMENT_GUIDANCE: Record<string, string> = {
  MORTGAGE_STATEMENT:
    'Your latest statement from your current mortgage lender, showing the amount outstanding, dated within 3 months of the deal ending or completion.',
  BANK_STATEMENT: 'Bank statement proof at least 12 months old.',
  HELP_TO_BUY_STATEMENT: 'Help to Buy statement within 3 months of the deal ending or completion.',
  DONOR_STATEMENT: 'Donor statement within 3 months of the deal ending or completion.',
  GIFT_STATEMENT: 'Gift statements cover at least the last 6 months.',
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
  owner: 'Owner',
  ownerMissing: 'missing',
  occupants: 'Adults living at the property who are not owners',
  transferReason: 'Reason for the transfer',
  removedOwners: 'Owners being removed',
  documentsUploaded: 'uploaded',
  documentsNone: 'No documents are needed.',
  hasAlterations: 'Alterations since it was bought',
  hasLoans: 'Existing loans or charges',
} as const;

/** Spec §3 "Ownership type", with what each means for the owners. */
export const LAND_OWNERSHIP_OPTIONS: {
  value: LandOwnership;
  label: string;
  explanation: string;
}[] = [
  {
    value: 'SOLE_OWNER',
    label: 'Sole owner',
    explanation: 'One person owns the whole property.',
  },
  {
    value: 'JOINT_TENANCY',
    label: 'Joint tenants',
    explanation:
      'The owners own the whole property together in equal shares. If one owner dies, their share passes to the survivor automatically.',
  },
  {
    value: 'TENANTS_IN_COMMON',
    label: 'Tenants in common',
    explanation:
      'Each owner owns a share, and the shares can be unequal. If one owner dies, their share passes under their will, not automatically to the other owners.',
  },
];

export const LAND_OWNERSHIP_LABELS: Record<LandOwnership, string> = {
  SOLE_OWNER: 'Sole owner',
  JOINT_TENANCY: 'Joint tenants',
  TENANTS_IN_COMMON: 'Tenants in common',
};

export const PROPERTY_TYPE_LABELS = {
  APARTMENT_FLAT: 'Apartment or flat',
  CONVERTED: 'Converted flat',
  COTTAGE: 'Cottage',
  DETACHED_HOUSE: 'Detached house',
  DETACHED_BUNGALOW: 'Detached bungalow',
  LOFT: 'Loft apartment',
  MAISONETTE: 'Maisonette',
  SEMI_DETACHED_HOUSE: 'Semi-detached house',
  SEMI_DETACHED_BUNGALOW: 'Semi-detached bungalow',
  STATIC_CARAVAN: 'Static caravan',
  STUDIO_APARTMENT: 'Studio apartment',
  TERRACED: 'Terraced house',
  TOWNHOUSE: 'Townhouse',
  VILLA: 'Villa',
} as const satisfies Record<PropertyType, string>;

export const TENURE_OPTIONS: { value: Tenure; label: string; explanation: string }[] = [
  { value: 'FREEHOLD', label: 'Freehold', explanation: 'You own the building and the land.' },
  {
    value: 'LEASEHOLD',
    label: 'Leasehold',
    explanation: 'You own the property for the length of a lease from the freeholder.',
  },
  {
    value: 'COMMONHOLD',
    label: 'Commonhold',
    explanation: 'You own your unit and share ownership of the common parts with the other owners.',
  },
];

export const TENURE_LABELS: Record<Tenure, string> = {
  FREEHOLD: 'Freehold',
  LEASEHOLD: 'Leasehold',
  COMMONHOLD: 'Commonhold',
};

export const GROUND_RENT_FREQUENCY_LABELS: Record<GroundRentFrequency, string> = {
  HALF_YEARLY: 'Every six months',
  ANNUALLY: 'Once a year',
};

export const ALTERATION_TYPE_LABELS = {
  BASEMENT_CONVERSION: 'Basement conversion',
  BOILER: 'New boiler',
  CONSERVATORY: 'Conservatory',
  ELECTRICAL: 'Electrical work',
  EXTENSION: 'Extension',
  GAS: 'Gas work',
  GARAGE: 'New garage',
  GARAGE_CONVERSION: 'Garage conversion',
  HEATING: 'Heating system',
  INSULATION: 'Insulation',
  LOFT: 'Loft conversion',
  REMOVAL_OF_WALLS: 'Removal of walls',
  SOLAR: 'Solar panels',
  WINDOWS_AND_DOORS: 'Windows and doors',
} as const satisfies Record<AlterationType, string>;

export const DOCUMENTS_HELD_BY_LABELS: Record<DocumentsHeldBy, string> = {
  OWNER: 'An owner (you or a co-owner)',
  SOLICITOR: 'A solicitor',
};

export const CHARGE_TYPE_LABELS = {
  MORTGAGE: 'Mortgage',
  FURTHER_ADVANCE: 'Further advance',
  SECURED_LOAN: 'Secured loan',
  LEGAL_AID_BOARD_CHARGE: 'Legal Aid Board charge',
  CHARGING_ORDER: 'Charging order',
  OTHER: 'Other',
} as const satisfies Record<ChargeType, string>;

export const REMORTGAGING_REASON_LABELS: Record<Schemas['RemortgagingReason'], string> = {
  END_OF_CURRENT_DEAL: 'My current deal is ending',
  BORROW_MORE_MONEY: 'Borrow more money',
  RELEASE_MONEY: 'Release money',
  RETIREMENT_INTEREST_ONLY: 'Retirement interest-only (for 55 and over)',
  REMORTGAGE_TRANSFER_OF_EQUITY: 'Transfer of equity',
  SHARED_OWNERSHIP_STAIRCASING: 'Shared ownership staircasing',
};

export const JURISDICTION_LABELS: Record<Schemas['Jurisdiction'], string> = {
  ENGLAND: 'England',
  WALES: 'Wales',
  SCOTLAND: 'Scotland',
  NORTHERN_IRELAND: 'Northern Ireland',
};

export const PROPERTY_USAGE_LABELS: Record<Schemas['PropertyUsage'], string> = {
  LIVE_IN: 'I live in it',
  BUY_TO_LET: 'Buy to let',
};
