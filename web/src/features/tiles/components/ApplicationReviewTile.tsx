import { Box, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import type { ExpandedCase } from '../../../lib/api/types';
import { formatDate } from '../../../lib/format';
import { SubmittedApplication } from '../../application';
import { QUOTE_LABELS, QUOTE_TEXTS, QuoteDetails } from '../../invitations';
import { APPLICATION_REVIEW_TEXTS } from '../texts';

/** Spec §4: a quote with no cost lines and a zero total is empty (the tile is then 'Application'). */
export function quoteIsEmpty(quote: ExpandedCase['quote']): boolean {
  if (!quote) return true;
  const lines = quote.costBreakdown.reduce((n, s) => n + s.costs.length, 0);
  return lines === 0 && quote.totalAmount === 0;
}

/**
 * /{caseType}/{caseId}/application-review (REM-POST-05, BUY-POST-04): the answers as submitted,
 * read-only (the Review & Submit summaries without Edit links), then the quote unless it is empty.
 */
export function ApplicationReviewTile({
  caseId,
  expanded,
}: {
  caseId: string;
  expanded: ExpandedCase;
}) {
  const quoteId = useId();
  const { quote } = expanded;
  return (
    <Stack spacing={4}>
      <Typography>{APPLICATION_REVIEW_TEXTS.intro}</Typography>
      <SubmittedApplication caseId={caseId} expanded={expanded} />
      {quote && !quoteIsEmpty(quote) && (
        <Box component="section" aria-labelledby={quoteId}>
          <Typography id={quoteId} variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
            {QUOTE_TEXTS.quoteTitle}
          </Typography>
          <QuoteDetails quote={quote} />
          {quote.acceptedAt && (
            <Typography sx={{ mt: 2 }} data-testid="quote-accepted">
              {`${QUOTE_LABELS.accepted} ${formatDate(quote.acceptedAt)}.`}
            </Typography>
          )}
        </Box>
      )}
    </Stack>
  );
}
