/** The spec's load error (section 2, Case lists; section 8), word for word. */
export const LOAD_ERROR = "Whoop's something went wrong loading the page please try reloading.";

/**
 * A purchase's questions that change its price (issue 28): the start form asks them before the
 * quote exists, the Key Facts edit form asks them again, and Key Facts lists the answers under
 * `term`. The wording of the first three is the Stamp Duty Land Tax section's (application's
 * SDLT_TEXTS), which this feature cannot import.
 */
export const PRICE_TEXTS = {
  isFirstTimeBuyer: {
    question: 'Is every buyer a first-time buyer?',
    hint: 'Someone who has never owned a home, in the UK or anywhere else.',
    term: 'First-time buyer',
  },
  resultsInMultipleProperties: {
    question: 'Will any buyer own more than one home once the purchase completes?',
    hint: 'Count homes anywhere in the world, including ones owned with someone else.',
    term: 'More than one home after the purchase',
  },
  isReplacingMainResidence: {
    question: 'Is the purchase replacing a buyer’s main residence?',
    hint: 'Answer yes if a buyer is selling, or has sold, the home they live in now.',
    term: 'Replacing a main residence',
  },
  buyersUkResident: {
    question: 'Is every buyer resident in the UK?',
    hint: 'For Stamp Duty Land Tax someone is UK resident if they spent at least 183 days in the UK in the 12 months before buying. Buyers who are not pay 2% more in England.',
    term: 'Every buyer resident in the UK',
  },
  isNewBuild: {
    question: 'Is it a new build?',
    hint: 'Newly built or converted, and never lived in.',
    term: 'New build',
  },
  isSharedOwnership: {
    question: 'Is it a shared-ownership purchase?',
    hint: 'You buy a share of the home from a housing association or council and pay rent on the rest.',
    term: 'Shared ownership',
  },
  isNewLease: {
    question: 'Is the seller granting a new lease?',
    hint: 'Yes for most new-build flats and every new shared-ownership lease; no when buying an existing lease.',
    term: 'New lease granted by the seller',
  },
} as const;

/** The title of the start form's step and the edit form's group that asks them. */
export const PRICE_TITLE = 'What affects the price';

/** An unanswered price question. */
export const PRICE_ANSWER_REQUIRED = 'Choose yes or no';

/**
 * A remortgage to buy a further share of a shared-ownership home (issue 28): what its land tax
 * needs, asked when that is the reason. Optional: without them the quote says what it needs.
 */
export const STAIRCASING_TEXTS = {
  intro:
    'Buying a further share can carry Stamp Duty Land Tax (Land Transaction Tax in Wales) once you own more than 80%. Tell us about the share for an exact quote, or leave these blank and we will ask later.',
  staircasingShareBefore: {
    label: 'Your share of the home now (%, optional)',
    term: 'Share now',
  },
  staircasingShareAfter: {
    label: 'Your share once you have bought more (%, optional)',
    term: 'Share afterwards',
  },
  staircasingPrice: {
    label: 'Price of the further share (£, optional)',
    term: 'Price of the further share',
  },
  marketValueElectionMade: {
    label: 'When you bought your first share, did you pay tax on the home’s full value?',
    hint: 'This is called a market value election. If you did, there is no tax to pay on further shares. Your conveyancer at the time, or your completion statement, will say.',
    term: 'Tax paid on the full value at the start',
    notSure: 'Not sure',
  },
} as const;
