import { Stack } from '@mui/material';
import type { ExpandedCase } from '../../../lib/api/types';
import { isBuying, kindOf } from '../caseKind';
import { useSectionRows } from './reviewSectionRows';
import { SectionSummary } from './SectionSummary';

/**
 * Whether a section is part of this case's application once submitted, when the engine hides
 * every section (spec §2): the sections the case had before, by the same rules (transfer of
 * equity only for that reason, financial details not for a company case). The quote and Review
 * & Submit are not answers.
 */
function partOfApplication(expanded: ExpandedCase, key: string): boolean {
  if (key === 'quote' || key === 'review-and-submit') return false;
  if (isBuying(expanded)) return true;
  if (key === 'transfer-of-equity') {
    return (
      expanded.remortgagingReason === 'REMORTGAGE_TRANSFER_OF_EQUITY' ||
      expanded.transferOfEquity != null
    );
  }
  if (key === 'financial-details') return !expanded.isCompanyCase;
  return true;
}

/**
 * The submitted application of either case type, read-only (the Application & Quote tile,
 * REM-POST-05): each section's answers as Review & Submit shows them, without Edit links.
 */
export function SubmittedApplication({
  caseId,
  expanded,
}: {
  caseId: string;
  expanded: ExpandedCase;
}) {
  const kind = kindOf(expanded);
  const rows = useSectionRows(expanded);
  const shown = expanded.view.sections.filter((s) => partOfApplication(expanded, s.key));
  return (
    <Stack spacing={3} data-testid="submitted-application">
      {shown.map((section) => (
        <SectionSummary
          key={section.key}
          kind={kind}
          caseId={caseId}
          section={section}
          rows={rows[section.key] ?? []}
          editable={false}
        />
      ))}
    </Stack>
  );
}
