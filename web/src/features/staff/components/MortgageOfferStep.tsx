import { Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { lenderLabel } from '../../../lib/labels';
import type { ExpandedCase } from '../../../lib/api/types';
import { type CaseKind, BUYING_STATUSES, REMORTGAGING_STATUSES } from '../../cases';
import { STAFF_TEXTS } from '../texts';
import { MortgageOfferDialog } from './MortgageOfferDialog';
import { useStepReport } from './useStepReport';

/**
 * Where an offer can be recorded, while the case is open: a remortgage from Awaiting Mortgage
 * Offer on; a purchase once submitted (the buyers' lender sends it while the file goes on).
 */
const OFFER_STATUSES: Record<CaseKind, readonly string[]> = {
  remortgaging: between(REMORTGAGING_STATUSES, 'AWAITING_MORTGAGE_OFFER', 'PENDING_COMPLETION'),
  buying: between(BUYING_STATUSES, 'PREPARE_CLIENT_CARE_LETTER', 'PENDING_COMPLETION'),
};

/** The statuses from `first` to `last`, in the workflow's order. */
function between(statuses: readonly string[], first: string, last: string): readonly string[] {
  return statuses.slice(statuses.indexOf(first), statuses.indexOf(last) + 1);
}

/**
 * A case whose lender's offer is awaited (or was never recorded on a later status): a
 * remortgage's, or a purchase's that names a lender (a cash purchase has no offer).
 */
export function needsMortgageOffer(
  kind: CaseKind,
  status: string,
  expanded: ExpandedCase,
  recorded: boolean,
): boolean {
  if (recorded || !OFFER_STATUSES[kind].includes(status)) return false;
  return 'propertyOwners' in expanded
    ? !expanded.hasMortgageOffer
    : !!expanded.lender && expanded.lender !== 'NO_LENDER';
}

/** The lender the form first suggests: the remortgage's new lender, or the buyers'. */
export function offerLender(expanded: ExpandedCase): string | null | undefined {
  return 'buyers' in expanded ? expanded.lender : expanded.newLender;
}

/**
 * 'Record mortgage offer received': opens the form that records the lender's offer with its
 * evidence (the case may move on).
 */
export function MortgageOfferStep({
  kind,
  caseId,
  caseStatus,
  lender,
}: {
  kind: CaseKind;
  caseId: string;
  caseStatus: string;
  /** The case's new lender (a code), the form's first guess at who made the offer. */
  lender: string | null | undefined;
}) {
  const [open, setOpen] = useState(false);
  const report = useStepReport(kind, caseId);
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
      <Button variant="contained" onClick={() => setOpen(true)}>
        {STAFF_TEXTS.recordOffer}
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 0 }}>
        {STAFF_TEXTS.offerMissing}
      </Typography>
      {open && (
        <MortgageOfferDialog
          kind={kind}
          caseId={caseId}
          lender={lender && lender !== 'NO_LENDER' ? lenderLabel(lender) : ''}
          onClose={() => setOpen(false)}
          onDone={(done) => {
            setOpen(false);
            report.done(STAFF_TEXTS.offerRecorded, caseStatus, done.status);
          }}
        />
      )}
    </Box>
  );
}
