import type { BuyingCaseBody, RemortgagingCaseBody, Schemas } from '../../lib/api/types';
import {
  asksPriceQuestion,
  givesStaircasing,
  parsePercent,
  poundsToPence,
  type KeyFactsValues,
  type StartCaseValues,
} from './validation';

/**
 * The key facts of a case as the forms hold them (KeyFactsValues) and as the server takes them:
 * the options of the key-facts fields and the request bodies of POST /remortgaging/case,
 * POST /buying/case (start form), and POST /remortgaging/case/{caseId} and
 * POST /buying/case/{caseId} (Key Facts edit form).
 */

export const TENURES = [
  'FREEHOLD',
  'LEASEHOLD',
  'COMMONHOLD',
] as const satisfies readonly Schemas['Tenure'][];
export const PROPERTY_TYPES = [
  'APARTMENT_FLAT',
  'CONVERTED',
  'COTTAGE',
  'DETACHED_HOUSE',
  'DETACHED_BUNGALOW',
  'LOFT',
  'MAISONETTE',
  'SEMI_DETACHED_HOUSE',
  'SEMI_DETACHED_BUNGALOW',
  'STATIC_CARAVAN',
  'STUDIO_APARTMENT',
  'TERRACED',
  'TOWNHOUSE',
  'VILLA',
] as const satisfies readonly Schemas['PropertyType'][];
export const REASONS = [
  'END_OF_CURRENT_DEAL',
  'BORROW_MORE_MONEY',
  'RELEASE_MONEY',
  'RETIREMENT_INTEREST_ONLY',
  'REMORTGAGE_TRANSFER_OF_EQUITY',
  'SHARED_OWNERSHIP_STAIRCASING',
] as const satisfies readonly Schemas['RemortgagingReason'][];
export const JURISDICTIONS = [
  'ENGLAND',
  'WALES',
  'SCOTLAND',
  'NORTHERN_IRELAND',
] as const satisfies readonly Schemas['Jurisdiction'][];

function text(value: string): string | null {
  const t = value.trim();
  return t === '' ? null : t;
}

/** The chosen option, or null while the select is untouched (''). */
function choice<T extends string>(options: readonly T[], value: string): T | null {
  return options.find((option) => option === value) ?? null;
}

function pence(value: string): number | null {
  return value.trim() === '' ? null : poundsToPence(value);
}

/**
 * The key facts of a remortgage, without the client: the body of POST /remortgaging/case/{caseId}
 * (which refuses a client) and the start form's body less its client. The broker reference is
 * the broker's to give.
 */
export function remortgagingKeyFacts(v: KeyFactsValues, isBroker: boolean): RemortgagingCaseBody {
  return {
    jurisdiction: v.jurisdiction,
    isDependentOnSale: v.isDependentOnSale === 'yes',
    isCompanyOwned: v.isCompanyOwned === 'yes',
    isResidential: v.isResidential === 'yes',
    propertyUsage: v.isBuyToLet === 'yes' ? 'BUY_TO_LET' : 'LIVE_IN',
    property: {
      addressLine1: v.addressLine1.trim(),
      addressLine2: text(v.addressLine2),
      town: text(v.town),
      county: text(v.county),
      postcode: v.postcode.trim().toUpperCase(),
      tenure: choice(TENURES, v.tenure),
      type: choice(PROPERTY_TYPES, v.propertyType),
    },
    propertyValue: pence(v.value) ?? 0,
    loanAmount: pence(v.secondAmount),
    newLender: text(v.lender),
    remortgagingReason: choice(REASONS, v.reason),
    currentDealEndDate: text(v.date),
    brokerReference: isBroker ? text(v.brokerReference) : null,
    staircasing: staircasing(v),
  };
}

/** A staircasing remortgage's share and price, when given (validation has checked them). */
function staircasing(v: KeyFactsValues): RemortgagingCaseBody['staircasing'] {
  if (!givesStaircasing(v)) return null;
  const election = v.marketValueElectionMade;
  return {
    shareBefore: parsePercent(v.staircasingShareBefore) ?? 0,
    shareAfter: parsePercent(v.staircasingShareAfter) ?? 0,
    sharePrice: pence(v.staircasingPrice ?? '') ?? 0,
    marketValueElectionMade: election === 'yes' ? true : election === 'no' ? false : null,
  };
}

/** The body of POST /remortgaging/case: a broker also names the client the case is for. */
export function remortgagingBody(v: StartCaseValues, isBroker: boolean): RemortgagingCaseBody {
  return {
    ...(isBroker
      ? {
          client: { preferredName: v.clientName.trim(), email: v.clientEmail.trim().toLowerCase() },
        }
      : {}),
    ...remortgagingKeyFacts(v, isBroker),
  };
}

/** A yes/no answer as sent; null when the question was not asked (or not answered). */
function answer(value: 'yes' | 'no' | undefined, asked = true): boolean | null {
  if (!asked || value === undefined) return null;
  return value === 'yes';
}

/**
 * The key facts of a purchase, without the client: the body of POST /buying/case/{caseId}
 * (which refuses a client) and the start form's body less its client, with the answers that
 * change its price (the 'price' group). A question not asked is sent as null: whether the
 * purchase replaces a main residence when no buyer will own more than one home, whether the
 * seller grants a new lease when the property is not leasehold.
 */
export function buyingKeyFacts(v: KeyFactsValues, isBroker: boolean): BuyingCaseBody {
  const r = remortgagingKeyFacts(v, isBroker);
  return {
    jurisdiction: r.jurisdiction,
    isDependentOnSale: r.isDependentOnSale,
    isCompanyOwned: r.isCompanyOwned,
    isResidential: r.isResidential,
    propertyUsage: r.propertyUsage,
    property: r.property,
    purchasePrice: pence(v.value) ?? 0,
    depositAmount: pence(v.secondAmount),
    lender: text(v.lender),
    targetMoveInDate: text(v.date),
    brokerReference: r.brokerReference,
    isFirstTimeBuyer: v.isFirstTimeBuyer === 'yes',
    resultsInMultipleProperties: answer(v.resultsInMultipleProperties),
    isReplacingMainResidence: answer(
      v.isReplacingMainResidence,
      asksPriceQuestion('isReplacingMainResidence', v),
    ),
    buyersUkResident: answer(v.buyersUkResident),
    isNewBuild: v.isNewBuild === 'yes',
    isSharedOwnership: v.isSharedOwnership === 'yes',
    isNewLease: answer(v.isNewLease, asksPriceQuestion('isNewLease', v)),
  };
}

/** The body of POST /buying/case: a broker also names the client the case is for. */
export function buyingBody(v: StartCaseValues, isBroker: boolean): BuyingCaseBody {
  return {
    ...(isBroker
      ? {
          client: { preferredName: v.clientName.trim(), email: v.clientEmail.trim().toLowerCase() },
        }
      : {}),
    ...buyingKeyFacts(v, isBroker),
  };
}
