import { Paper, Typography } from '@mui/material';
import { useId } from 'react';
import { RouterLink } from '../../../components/RouterLink';
import type { ExpandedCase } from '../../../lib/api/types';
import { SOURCE_OF_FUNDS_TEXTS as T } from '../texts';

/**
 * The buying case page's way to the source-of-funds page: only with the SOF feature
 * (`enabled`, FLAG-03: without it there is no entry at all) and once the purchase lists a source.
 */
export function SourceOfFundsEntry({
  expanded,
  enabled,
}: {
  expanded: ExpandedCase;
  enabled: boolean;
}) {
  const lineId = useId();
  if (!enabled || expanded.caseType !== 'BUYING' || !('sourceOfFunds' in expanded)) return null;
  if (expanded.sourceOfFunds.length === 0) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="source-of-funds-entry">
      <RouterLink
        to="/$caseType/$caseId/source-of-funds"
        params={{ caseType: 'buying', caseId: String(expanded.id) }}
        aria-describedby={lineId}
        sx={{ fontWeight: 600, fontSize: '1.125rem' }}
      >
        {T.title}
      </RouterLink>
      <Typography id={lineId} color="text.secondary" sx={{ mt: 0.5 }}>
        {T.entryLine}
      </Typography>
    </Paper>
  );
}
