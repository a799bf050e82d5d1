import type { LandTaxType } from '../../lib/api/types';

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
