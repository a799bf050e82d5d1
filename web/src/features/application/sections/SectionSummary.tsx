import { Box, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import { RouterLink } from '../../../components/RouterLink';
import { SummaryList, type SummaryRow } from '../../../components/SummaryList';
import type { CaseSection } from '../../../lib/api/types';
import type { CaseKind } from '../../cases';
import { canOpenState } from '../machines/wizardMachine';
import { REVIEW_TEXTS } from '../texts';

/** One section's answers, read-only, as Review & Submit and the submitted application show them. */
export function SectionSummary({
  kind,
  caseId,
  section,
  rows,
  editable = true,
}: {
  kind: CaseKind;
  caseId: string;
  section: CaseSection;
  rows: SummaryRow[];
  /** An Edit link to the section when it may be opened (never after submission). */
  editable?: boolean;
}) {
  const headingId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      data-section={section.key}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}
    >
      <Stack
        direction="row"
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 1.5 }}
      >
        <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem' }}>
          {section.label}
        </Typography>
        {editable && canOpenState(section.state) && (
          <RouterLink
            to="/$caseType/$caseId/application/$section"
            params={{ caseType: kind, caseId, section: section.key }}
            aria-label={`${REVIEW_TEXTS.edit} ${section.label}`}
          >
            {REVIEW_TEXTS.edit}
          </RouterLink>
        )}
      </Stack>
      <SummaryList rows={rows} />
    </Box>
  );
}
