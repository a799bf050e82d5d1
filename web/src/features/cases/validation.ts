import { z } from 'zod';
import { UK_POSTCODE } from '../address';
import type { CaseKind } from './caseTypes';
import { PRICE_ANSWER_REQUIRED } from './texts';

export const START_MESSAGES = {
  required: 'Please answer this question',
  nameRequired: "Your client's name is required",
  emailRequired: "Your client's email address is required",
  emailInvalid: 'Must include @',
  addressRequired: 'The first line of the address is required',
  postcodeRequired: 'The postcode is required',
  postcodeInvalid: 'Enter a UK postcode, like SW1A 1AA',
  amountRequired: 'Enter an amount in pounds',
  amountInvalid: 'Enter an amount in pounds, like 250,000',
} as const;

/** '£250,000.50' → 25000050 pence; null for anything that is not an amount. */
export function poundsToPence(value: string): number | null {
  const cleaned = value.replace(/[£,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  return Math.round(Number(cleaned) * 100);
}

const yesNo = z.enum(['yes', 'no'], { message: START_MESSAGES.required });
/** A purchase's price question: required only for a purchase (and some only when they apply). */
const priceAnswer = z.enum(['yes', 'no'], { message: PRICE_ANSWER_REQUIRED }).optional();
const optionalAmount = z
  .string()
  .refine((v) => v.trim() === '' || poundsToPence(v) !== null, START_MESSAGES.amountInvalid);
const requiredAmount = z
  .string()
  .refine((v) => v.trim() !== '', START_MESSAGES.amountRequired)
  .refine((v) => v.trim() === '' || (poundsToPence(v) ?? 0) > 0, START_MESSAGES.amountInvalid);

/** The key facts of a case: the start form's questions and the Key Facts edit form's fields. */
export const keyFactsSchema = z.object({
  jurisdiction: z.enum(['ENGLAND', 'WALES', 'SCOTLAND', 'NORTHERN_IRELAND'], {
    message: START_MESSAGES.required,
  }),
  isDependentOnSale: yesNo,
  isCompanyOwned: yesNo,
  isBuyToLet: yesNo,
  isResidential: yesNo,
  addressLine1: z.string().trim().min(1, START_MESSAGES.addressRequired),
  addressLine2: z.string(),
  town: z.string(),
  county: z.string(),
  postcode: z
    .string()
    .trim()
    .min(1, START_MESSAGES.postcodeRequired)
    .regex(UK_POSTCODE, START_MESSAGES.postcodeInvalid),
  tenure: z.string(),
  propertyType: z.string(),
  value: requiredAmount,
  secondAmount: optionalAmount,
  lender: z.string(),
  reason: z.string(),
  date: z.string(),
  brokerReference: z.string(),
  // A purchase's answers that change its price (the 'price' group; a remortgage leaves them).
  isFirstTimeBuyer: priceAnswer,
  resultsInMultipleProperties: priceAnswer,
  isReplacingMainResidence: priceAnswer,
  buyersUkResident: priceAnswer,
  isNewBuild: priceAnswer,
  isSharedOwnership: priceAnswer,
  isNewLease: priceAnswer,
  // A remortgage buying a further share of a shared-ownership home (its land tax).
  staircasingShareBefore: z.string().optional(),
  staircasingShareAfter: z.string().optional(),
  staircasingPrice: z.string().optional(),
  marketValueElectionMade: z.string().optional(),
});

export type KeyFactsValues = z.infer<typeof keyFactsSchema>;

/** The remortgage reason that buys a further share. */
export const STAIRCASING = 'SHARED_OWNERSHIP_STAIRCASING';

/** The staircasing facts in the order they are asked. */
export const STAIRCASING_FIELDS = [
  'staircasingShareBefore',
  'staircasingShareAfter',
  'staircasingPrice',
  'marketValueElectionMade',
] as const satisfies readonly (keyof KeyFactsValues)[];

/** '37.5' → 37.5; null for anything that is not a percentage with at most two decimals. */
export function parsePercent(value: string | undefined): number | null {
  const cleaned = (value ?? '').replace(/[%\s]/g, '');
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(cleaned)) return null;
  const percent = Number(cleaned);
  return percent <= 100 ? percent : null;
}

/** Whether any of the share and price facts is filled in (then all three are needed). */
export function givesStaircasing(values: Partial<KeyFactsValues>): boolean {
  return (
    values.reason === STAIRCASING &&
    [values.staircasingShareBefore, values.staircasingShareAfter, values.staircasingPrice].some(
      (v) => (v ?? '').trim() !== '',
    )
  );
}

/**
 * A staircasing remortgage's facts are optional (the quote then says what it needs), but once
 * one is given all three figures are: shares in percent, the one after larger, and the price.
 */
function checkStaircasing(values: KeyFactsValues, ctx: z.RefinementCtx<KeyFactsValues>) {
  if (!givesStaircasing(values)) return;
  const before = parsePercent(values.staircasingShareBefore);
  const after = parsePercent(values.staircasingShareAfter);
  if (before === null) {
    ctx.addIssue({
      code: 'custom',
      path: ['staircasingShareBefore'],
      message: STAIRCASING_MESSAGES.share,
    });
  }
  if (after === null) {
    ctx.addIssue({
      code: 'custom',
      path: ['staircasingShareAfter'],
      message: STAIRCASING_MESSAGES.share,
    });
  } else if (before !== null && after <= before) {
    ctx.addIssue({
      code: 'custom',
      path: ['staircasingShareAfter'],
      message: STAIRCASING_MESSAGES.larger,
    });
  }
  if ((poundsToPence(values.staircasingPrice ?? '') ?? 0) <= 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['staircasingPrice'],
      message: START_MESSAGES.amountInvalid,
    });
  }
}

export const STAIRCASING_MESSAGES = {
  share: 'Enter a percentage from 0 to 100, like 50 or 37.5',
  larger: 'Your share afterwards must be larger than your share now',
} as const;

/** The price questions in the order they are asked. */
export const PRICE_FIELDS = [
  'isFirstTimeBuyer',
  'resultsInMultipleProperties',
  'isReplacingMainResidence',
  'buyersUkResident',
  'isNewBuild',
  'isSharedOwnership',
  'isNewLease',
] as const satisfies readonly (keyof KeyFactsValues)[];

export type PriceField = (typeof PRICE_FIELDS)[number];

/**
 * Whether a price question is asked, given the other answers: whether the purchase replaces a
 * main residence only when a buyer will own more than one home, whether the seller grants a new
 * lease only for a leasehold.
 */
export function asksPriceQuestion(
  field: PriceField,
  values: Pick<KeyFactsValues, 'resultsInMultipleProperties' | 'tenure'>,
): boolean {
  if (field === 'isReplacingMainResidence') return values.resultsInMultipleProperties === 'yes';
  if (field === 'isNewLease') return values.tenure === 'LEASEHOLD';
  return true;
}

/**
 * A purchase answers every price question it is asked. Checked whatever else is wrong (`when`),
 * so every unanswered question is named at once.
 */
function checkPriceAnswers(values: KeyFactsValues, ctx: z.RefinementCtx<KeyFactsValues>) {
  for (const field of PRICE_FIELDS) {
    const answer: unknown = values[field];
    if (asksPriceQuestion(field, values) && answer !== 'yes' && answer !== 'no') {
      ctx.addIssue({ code: 'custom', path: [field], message: PRICE_ANSWER_REQUIRED });
    }
  }
}

const ALWAYS = { when: () => true };

/** What each case type checks beyond the shared key facts. */
const KIND_CHECKS: Record<
  CaseKind,
  (values: KeyFactsValues, ctx: z.RefinementCtx<KeyFactsValues>) => void
> = { remortgaging: checkStaircasing, buying: checkPriceAnswers };

/**
 * The Key Facts edit form's schema for a case type: a purchase also answers the price group, a
 * staircasing remortgage gives its share and price whole.
 */
export function keyFactsFormSchema(kind: CaseKind) {
  return keyFactsSchema.superRefine(KIND_CHECKS[kind], ALWAYS);
}

/** The start form: the key facts and, for a broker, the client the case is for. */
export function startCaseSchema(isBroker: boolean, kind: CaseKind = 'remortgaging') {
  return startCaseObject(isBroker).superRefine(KIND_CHECKS[kind], ALWAYS);
}

function startCaseObject(isBroker: boolean) {
  return keyFactsSchema.extend({
    clientName: isBroker ? z.string().trim().min(1, START_MESSAGES.nameRequired) : z.string(),
    clientEmail: isBroker
      ? z
          .string()
          .trim()
          .min(1, START_MESSAGES.emailRequired)
          .regex(/^\S+@\S+\.\S+$/, START_MESSAGES.emailInvalid)
      : z.string(),
  });
}

export type StartCaseValues = z.infer<ReturnType<typeof startCaseObject>>;

export const STEP_FIELDS: Record<
  'eligibility' | 'client' | 'property' | 'price',
  (keyof StartCaseValues)[]
> = {
  eligibility: [
    'jurisdiction',
    'isDependentOnSale',
    'isCompanyOwned',
    'isBuyToLet',
    'isResidential',
  ],
  client: ['clientName', 'clientEmail'],
  property: [
    'addressLine1',
    'addressLine2',
    'town',
    'county',
    'postcode',
    'tenure',
    'propertyType',
    'value',
    'secondAmount',
    'lender',
    'reason',
    ...STAIRCASING_FIELDS,
    'date',
    'brokerReference',
  ],
  price: [...PRICE_FIELDS],
};
