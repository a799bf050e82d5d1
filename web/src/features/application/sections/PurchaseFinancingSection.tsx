import { Box, Stack } from '@mui/material';
import type { BuyingExpanded } from '../../../lib/api/types';
import { DepositPart } from './DepositPart';
import { DonorsPart } from './DonorsPart';
import { IsasPart } from './IsasPart';
import { ISA_SOURCES } from './purchaseFinancingItems';
import { SourcesPart } from './SourcesPart';

/**
 * Purchase & Financing (/buying/{caseId}/application/purchase-and-financing): the deposit and
 * the lender (POST …/purchase-and-financing), every source of the money (POST and DELETE
 * …/sources-of-funds) and, while a Lifetime or Help to Buy ISA is a source, the ISAs themselves
 * (POST /isas, DELETE /isas/{isaId}); while a gift is a source, the gift donors.
 */
export function PurchaseFinancingSection({
  caseId,
  expanded,
}: {
  caseId: string;
  expanded: BuyingExpanded;
}) {
  const hasIsaSource = expanded.sourceOfFunds.some((f) => ISA_SOURCES.includes(f.sourceType));
  const hasGiftSource = expanded.sourceOfFunds.some((f) => f.sourceType === 'GIFTS');
  return (
    <Stack spacing={4}>
      <DepositPart caseId={caseId} expanded={expanded} />
      <Box sx={{ borderTop: 1, borderColor: 'divider', pt: 3 }}>
        <SourcesPart caseId={caseId} expanded={expanded} />
      </Box>
      {(hasIsaSource || expanded.isas.length > 0) && (
        <IsasPart caseId={caseId} expanded={expanded} />
      )}
      {(hasGiftSource || expanded.gifts.length > 0) && (
        <DonorsPart caseId={caseId} expanded={expanded} />
      )}
    </Stack>
  );
}
