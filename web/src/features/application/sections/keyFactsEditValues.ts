import type { DefaultValues } from 'react-hook-form';
import type { ExpandedCase, RemortgagingExpanded } from '../../../lib/api/types';
import type { CaseKind } from '../../cases';
import { buyingKeyFacts, remortgagingKeyFacts, type KeyFactsValues } from '../../cases/lazy';
import { isBuying } from '../caseKind';
import type { KeyFactsUpdate } from '../api/updateKeyFacts';
import { penceToPounds, type ServerFieldMap } from '../validation';

/** A stored answer as the form's radios hold it: null (never answered) leaves them unanswered. */
const answerOf = (value: boolean | null | undefined): 'yes' | 'no' | undefined =>
  value == null ? undefined : value ? 'yes' : 'no';

/**
 * The form's values from the expanded case (read as the Key Facts summary reads them), for
 * either case type. The case does not hold the answers to "dependent on a sale?" and
 * "residential?" (nor, for a purchase, "owned by a company?") by themselves: a case whose key
 * facts may be edited is eligible, so they are no and yes, unless its ineligibility reason says
 * otherwise. A purchase's price answers are the case's own.
 */
export function keyFactsValues(expanded: ExpandedCase): DefaultValues<KeyFactsValues> {
  const { property } = expanded;
  const reason = expanded.ineligibilityReason;
  const yesNo = (value: boolean): 'yes' | 'no' => (value ? 'yes' : 'no');
  const common = {
    jurisdiction: property.jurisdiction ?? undefined,
    isDependentOnSale: yesNo(reason === 'DEPENDENT_ON_SALE'),
    isBuyToLet: yesNo(expanded.propertyUsage === 'BUY_TO_LET'),
    isResidential: yesNo(reason !== 'NON_RESIDENTIAL'),
    addressLine1: property.addressLine1 ?? '',
    addressLine2: property.addressLine2 ?? '',
    town: property.town ?? '',
    county: property.county ?? '',
    postcode: property.postcode ?? '',
    tenure: property.tenure ?? '',
    propertyType: property.type ?? '',
    brokerReference: expanded.brokerReference ?? '',
  };
  if (isBuying(expanded)) {
    return {
      ...common,
      isCompanyOwned: yesNo(reason === 'COMPANY_OWNED'),
      value: penceToPounds(expanded.purchasePrice),
      secondAmount: penceToPounds(expanded.depositAmount),
      lender: expanded.lender ?? '',
      reason: '',
      date: expanded.targetMoveInDate ?? '',
      isFirstTimeBuyer: answerOf(expanded.isFirstTimeBuyer),
      resultsInMultipleProperties: answerOf(expanded.resultsInMultipleProperties),
      isReplacingMainResidence: answerOf(expanded.isReplacingMainResidence),
      buyersUkResident: answerOf(expanded.buyersUkResident),
      isNewBuild: answerOf(expanded.isNewBuild),
      isSharedOwnership: answerOf(expanded.isSharedOwnership),
      isNewLease: answerOf(expanded.isNewLease),
    };
  }
  return {
    ...common,
    isCompanyOwned: yesNo(expanded.isCompanyCase),
    value: penceToPounds(expanded.propertyValue),
    secondAmount: penceToPounds(expanded.loanAmount),
    lender: expanded.newLender ?? '',
    reason: expanded.remortgagingReason ?? '',
    date: expanded.currentDealEndDate ?? '',
    ...staircasingValues(expanded.staircasing),
  };
}

/** A staircasing remortgage's recorded share and price as the form holds them. */
function staircasingValues(s: RemortgagingExpanded['staircasing']) {
  const election = s?.marketValueElectionMade;
  return {
    staircasingShareBefore: s ? String(s.shareBefore) : '',
    staircasingShareAfter: s ? String(s.shareAfter) : '',
    staircasingPrice: s ? penceToPounds(s.sharePrice) : '',
    marketValueElectionMade: election == null ? '' : election ? 'yes' : 'no',
  };
}

/**
 * What is sent: the form's key facts and, unchanged, what the form does not ask (the update
 * replaces every key fact, so a fact left out would be cleared). A purchase's form asks every
 * one of its facts, its price answers included.
 */
export function keyFactsUpdate(
  expanded: ExpandedCase,
  values: KeyFactsValues,
  isBroker: boolean,
): KeyFactsUpdate {
  if (isBuying(expanded)) {
    return {
      kind: 'buying',
      body: buyingKeyFacts(values, isBroker),
    };
  }
  return {
    kind: 'remortgaging',
    body: {
      ...remortgagingKeyFacts(values, isBroker),
      isRepayingHelpToBuy: expanded.isRepayingHelpToBuy,
    },
  };
}

/** The fields both types name alike (the server's 422 `fields`, `property.` dropped → the form's). */
const COMMON_FIELDS: ServerFieldMap<KeyFactsValues> = {
  jurisdiction: 'jurisdiction',
  isDependentOnSale: 'isDependentOnSale',
  isCompanyOwned: 'isCompanyOwned',
  propertyUsage: 'isBuyToLet',
  isResidential: 'isResidential',
  addressLine1: 'addressLine1',
  addressLine2: 'addressLine2',
  town: 'town',
  county: 'county',
  postcode: 'postcode',
  tenure: 'tenure',
  type: 'propertyType',
};

/** Each type's names for the figures, the lender and the date. */
export const SERVER_FIELDS: Record<CaseKind, ServerFieldMap<KeyFactsValues>> = {
  remortgaging: {
    ...COMMON_FIELDS,
    propertyValue: 'value',
    loanAmount: 'secondAmount',
    newLender: 'lender',
    remortgagingReason: 'reason',
    currentDealEndDate: 'date',
    staircasing: 'staircasingShareBefore',
    'staircasing.shareBefore': 'staircasingShareBefore',
    'staircasing.shareAfter': 'staircasingShareAfter',
    'staircasing.sharePrice': 'staircasingPrice',
  },
  buying: {
    ...COMMON_FIELDS,
    purchasePrice: 'value',
    depositAmount: 'secondAmount',
    lender: 'lender',
    targetMoveInDate: 'date',
    isFirstTimeBuyer: 'isFirstTimeBuyer',
    resultsInMultipleProperties: 'resultsInMultipleProperties',
    isReplacingMainResidence: 'isReplacingMainResidence',
    buyersUkResident: 'buyersUkResident',
    isNewBuild: 'isNewBuild',
    isSharedOwnership: 'isSharedOwnership',
    isNewLease: 'isNewLease',
  },
};
