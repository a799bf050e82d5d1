import { Box } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { ButtonLink } from '../../../components/ButtonLink';
import type { CaseView, RemortgagingExpanded } from '../../../lib/api/types';
import { formatDate, formatMoney } from '../../../lib/format';
import { lendersQuery } from '../../cases';
import { SummaryList, type SummaryRow } from '../components/SummaryList';
import { canOpenState } from '../machines/wizardMachine';
import { propertyAddress } from '../summaries';
import {
  APPLICATION_TEXTS,
  JURISDICTION_LABELS,
  KEY_FACTS_TEXTS,
  PROPERTY_USAGE_LABELS,
  REMORTGAGING_REASON_LABELS,
} from '../texts';

/** The key facts of the case, as rows (shared with Review & Submit). */
export function useKeyFactRows(expanded: RemortgagingExpanded): SummaryRow[] {
  const lenders = useQuery(lendersQuery());
  const lenderName = (code: string) =>
    lenders.data?.lenders.find((l) => l.code === code)?.name ?? code;
  const none = APPLICATION_TEXTS.notGiven;
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
    {
      term: KEY_FACTS_TEXTS.companyOwned,
      value: expanded.isCompanyCase ? APPLICATION_TEXTS.yes : APPLICATION_TEXTS.no,
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
    {
      term: KEY_FACTS_TEXTS.propertyValue,
      value: expanded.propertyValue != null ? formatMoney(expanded.propertyValue) : none,
    },
    {
      term: KEY_FACTS_TEXTS.loanAmount,
      value: expanded.loanAmount != null ? formatMoney(expanded.loanAmount) : none,
    },
    {
      term: KEY_FACTS_TEXTS.newLender,
      value: expanded.newLender ? lenderName(expanded.newLender) : none,
    },
    {
      term: KEY_FACTS_TEXTS.helpToBuy,
      value: expanded.isRepayingHelpToBuy ? APPLICATION_TEXTS.yes : APPLICATION_TEXTS.no,
    },
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
 * Key Facts (/application/key-facts): a read-only summary, and a link to the edit form
 * (/application/key-facts/edit, KeyFactsEdit.tsx) while the key facts may be changed.
 */
export function KeyFactsSection({
  caseId,
  expanded,
}: {
  caseId: string;
  expanded: RemortgagingExpanded;
}) {
  const rows = useKeyFactRows(expanded);
  return (
    <section aria-label={KEY_FACTS_TEXTS.summary}>
      <SummaryList rows={rows} testId="key-facts" />
      {canEditKeyFacts(expanded.view) && (
        <Box sx={{ mt: 3 }}>
          <ButtonLink
            variant="outlined"
            to="/$caseType/$caseId/application/key-facts/edit"
            params={{ caseType: 'remortgaging', caseId }}
          >
            {KEY_FACTS_TEXTS.editLink}
          </ButtonLink>
        </Box>
      )}
    </section>
  );
}
