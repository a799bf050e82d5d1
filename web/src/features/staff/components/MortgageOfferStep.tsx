import { Box, Button, Typography } from '@mui/material';
import type { ExpandedCase, RemortgagingExpanded } from '../../../lib/api/types';
import { useRecordMortgageOffer } from '../api/progress';
import { STAFF_TEXTS } from '../texts';
import { useStepReport } from './useStepReport';

/** From Awaiting Mortgage Offer on, while the case is open: where an offer can be recorded. */
const OFFER_STATUSES: readonly string[] = [
  'AWAITING_MORTGAGE_OFFER',
  'PREPARE_MORTGAGE_REPORT',
  'MORTGAGE_REPORT_ACCEPTANCE',
  'PREPARE_COMPLETION_STATEMENT',
  'COMPLETION_STATEMENT_ACCEPTANCE',
  'PENDING_COMPLETION',
];

/** A remortgage whose lender's offer is awaited (or was never recorded on a later status). */
export function needsMortgageOffer(status: string, expanded: ExpandedCase): boolean {
  return (
    'propertyOwners' in expanded &&
    !(expanded as RemortgagingExpanded).hasMortgageOffer &&
    OFFER_STATUSES.includes(status)
  );
}

/** 'Record mortgage offer received': the lender's offer has arrived (the case may move on). */
export function MortgageOfferStep({ caseId, caseStatus }: { caseId: string; caseStatus: string }) {
  const record = useRecordMortgageOffer(caseId);
  const report = useStepReport('remortgaging', caseId);
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: 2,
        rowGap: 1,
        mb: 2,
        pb: 2,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Button
        variant="contained"
        loading={record.isPending}
        loadingPosition="start"
        disabled={record.isPending}
        onClick={() =>
          record.mutate(undefined, {
            onSuccess: (done) => report.done(STAFF_TEXTS.offerRecorded, caseStatus, done.status),
            onError: (error) => report.failed(error),
          })
        }
      >
        {STAFF_TEXTS.recordOffer}
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 0 }}>
        {STAFF_TEXTS.offerMissing}
      </Typography>
    </Box>
  );
}
