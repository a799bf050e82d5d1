import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export interface SummaryRow {
  /** When two rows share a term. */
  key?: string;
  term: string;
  value: ReactNode;
}

/** A read-only list of answers (a `dl`): the term above its value on a phone, beside it wider. */
export function SummaryList({ rows, testId }: { rows: SummaryRow[]; testId?: string }) {
  return (
    <Box component="dl" data-testid={testId} sx={{ m: 0, display: 'grid', gap: 1.5 }}>
      {rows.map((row) => (
        <Box
          key={row.key ?? row.term}
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '14rem 1fr' }, gap: 0.5 }}
        >
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            {row.term}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {row.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
