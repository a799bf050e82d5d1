import { Box } from '@mui/material';
import { ButtonLink } from '../../../components/ButtonLink';
import type {
  BuyingExpanded,
  CaseView,
  ExpandedCase,
  RemortgagingExpanded,
} from '../../../lib/api/types';
import { formatDate, formatMoney } from '../../../lib/format';
import { isBuying, kindOf } from '../caseKind';
import { SummaryList, type SummaryRow } from '../../../components/SummaryList';
import { canOpenState } from '../machines/wizardMachine';
import { PRICE_TEXTS, propertyAddress, STAIRCASING_TEXTS } from '../../cases';
import { APPLICATION_TEXTS, KEY_FACTS_TEXTS } from '../texts';
import {
  JURISDICTION_LABELS,
  lenderLabel,
  PROPERTY_USAGE_LABELS,
  REMORTGAGING_REASON_LABELS,
} from '../../../lib/labels';

const none = APPLICATION_TEXTS.notGiven;
const yesNoText = (value: boolean) => (value ? APPLICATION_TEXTS.yes : APPLICATION_TEXTS.no);
const money = (pence: number | null | undefined) => (pence != null ? formatMoney(pence) : none);
const answerText = (value: boolean | null | undefined) =>
  value == null ? APPLICATION_TEXTS.notAnswered : yesNoText(value);

/** The rows both case types start with: where the property is and how it is used. */
function placeRows(expanded: ExpandedCase): SummaryRow[] {
  return [
    { term: KEY_FACTS_TEXTS.address, value: propertyAddress(expanded.property) ?? none },
    {
      term: KEY_FACTS_TEXTS.jurisdiction,
      value: expanded.property.jurisdiction
        ? JURISDICTION_LABELS[expanded.property.jurisdiction]
        : none,
    },
    {
      term: KEY_FACTS_TEXTS.usage,
      value: expanded.propertyUsage ? PROPERTY_USAGE_LABELS[expanded.propertyUsage] : none,
    },
  ];
}

function buyingRows(expanded: BuyingExpanded) {
  return [
    ...placeRows(expanded),
    { term: KEY_FACTS_TEXTS.purchasePrice, value: money(expanded.purchasePrice) },
    { term: KEY_FACTS_TEXTS.deposit, value: money(expanded.depositAmount) },
    { term: KEY_FACTS_TEXTS.lender, value: expanded.lender ? lenderLabel(expanded.lender) : none },
    ...priceRows(expanded),
    {
      term: KEY_FACTS_TEXTS.targetMoveIn,
      value: expanded.targetMoveInDate ? formatDate(expanded.targetMoveInDate) : none,
    },
  ];
}

/**
 * A purchase's answers that change its price, as the key-facts forms ask them: whether it
 * replaces a main residence only once a buyer will own more than one home (or when answered),
 * whether the seller grants a new lease only for a leasehold (or when answered).
 */
function priceRows(expanded: BuyingExpanded): SummaryRow[] {
  const row = (field: keyof typeof PRICE_TEXTS, value: boolean | null | undefined) => ({
    term: PRICE_TEXTS[field].term,
    value: answerText(value),
  });
  const replacing = expanded.isReplacingMainResidence;
  const newLease = expanded.isNewLease;
  return [
    row('isFirstTimeBuyer', expanded.isFirstTimeBuyer),
    row('resultsInMultipleProperties', expanded.resultsInMultipleProperties),
    ...(expanded.resultsInMultipleProperties !== false || replacing != null
      ? [row('isReplacingMainResidence', replacing)]
      : []),
    row('buyersUkResident', expanded.buyersUkResident),
    row('isNewBuild', expanded.isNewBuild),
    row('isSharedOwnership', expanded.isSharedOwnership),
    ...(expanded.property.tenure === 'LEASEHOLD' || newLease != null
      ? [row('isNewLease', newLease)]
      : []),
  ];
}

/** The key facts of the case, as rows (shared with Review & Submit). */
export function useKeyFactRows(expanded: ExpandedCase): SummaryRow[] {
  return isBuying(expanded) ? buyingRows(expanded) : remortgagingRows(expanded);
}

function remortgagingRows(expanded: RemortgagingExpanded): SummaryRow[] {
  return [
    ...placeRows(expanded),
    {
      term: KEY_FACTS_TEXTS.companyOwned,
      value: yesNoText(expanded.isCompanyCase),
    },
    {
      term: KEY_FACTS_TEXTS.reason,
      value: expanded.remortgagingReason
        ? REMORTGAGING_REASON_LABELS[expanded.remortgagingReason]
        : none,
    },
    {
      term: KEY_FACTS_TEXTS.dealEnds,
      value: expanded.currentDealEndDate ? formatDate(expanded.currentDealEndDate) : none,
    },
    { term: KEY_FACTS_TEXTS.propertyValue, value: money(expanded.propertyValue) },
    { term: KEY_FACTS_TEXTS.loanAmount, value: money(expanded.loanAmount) },
    {
      term: KEY_FACTS_TEXTS.newLender,
      value: expanded.newLender ? lenderLabel(expanded.newLender) : none,
    },
    {
      term: KEY_FACTS_TEXTS.helpToBuy,
      value: yesNoText(expanded.isRepayingHelpToBuy),
    },
    ...staircasingRows(expanded),
  ];
}

/** A staircasing remortgage's share and price, once given (the quote's land tax needs them). */
function staircasingRows(expanded: RemortgagingExpanded): SummaryRow[] {
  const s = expanded.staircasing;
  if (expanded.remortgagingReason !== 'SHARED_OWNERSHIP_STAIRCASING' || !s) return [];
  const T = STAIRCASING_TEXTS;
  return [
    { term: T.staircasingShareBefore.term, value: `${s.shareBefore}%` },
    { term: T.staircasingShareAfter.term, value: `${s.shareAfter}%` },
    { term: T.staircasingPrice.term, value: formatMoney(s.sharePrice) },
    { term: T.marketValueElectionMade.term, value: answerText(s.marketValueElectionMade) },
  ];
}

/**
 * Whether the caller may change the key facts now: as for every section, the engine's state for
 * them decides (open when IS_COMPLETE or NOT_STARTED; the server checks the same before a write,
 * for customers and brokers alike, broker stage or not). Ineligible and title-retrieval cases have
 * them disabled, and a submitted or cancelled case hides every section; a closed case is never
 * offered the form either way.
 */
export function canEditKeyFacts(view: CaseView): boolean {
  const entry = view.sections.find((s) => s.key === 'key-facts');
  return !!entry && canOpenState(entry.state) && !view.submitted && !view.stage.closed;
}

/**
 * Key Facts (/application/key-facts) of either case type: a read-only summary, and a link to the
 * edit form (/application/key-facts/edit, KeyFactsEdit.tsx) while the key facts may be changed.
 */
export function KeyFactsSection({ caseId, expanded }: { caseId: string; expanded: ExpandedCase }) {
  const rows = useKeyFactRows(expanded);
  return (
    <section
      aria-label={isBuying(expanded) ? KEY_FACTS_TEXTS.buyingSummary : KEY_FACTS_TEXTS.summary}
    >
      <SummaryList rows={rows} testId="key-facts" />
      {canEditKeyFacts(expanded.view) && (
        <Box sx={{ mt: 3 }}>
          <ButtonLink
            variant="outlined"
            to="/$caseType/$caseId/application/key-facts/edit"
            params={{ caseType: kindOf(expanded), caseId }}
          >
            {KEY_FACTS_TEXTS.editLink}
          </ButtonLink>
        </Box>
      )}
    </section>
  );
}
