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
