import { Box, Typography } from '@mui/material';
import type { LandTaxEstimate } from '../lib/api/types';
import { formatMoney } from '../lib/format';

// The land-tax estimate as a quote (features/invitations) and the buying application's Stamp Duty
// Land Tax section (features/application) both show it.

/** Spec section 3 tax types, named as the customer knows them (QUOTE-10). */
const LAND_TAX = {
  STAMP_DUTY_LAND_TAX: {
    name: 'Stamp Duty Land Tax',
    payable: 'Payable to HM Revenue & Customs within 14 days of completion.',
    /** Spec section 9, word for word (CONST-29). */
    assumes: 'The estimate assumes England, UK-resident buyers and no multiple property ownership.',
  },
  LAND_TRANSACTION_TAX: {
    name: 'Land Transaction Tax',
    payable: 'Payable to the Welsh Revenue Authority within 30 days of completion.',
    // Wales has no surcharge for buyers resident abroad.
    assumes: 'The estimate assumes Wales and no multiple property ownership.',
  },
} as const;

const LAND_TAX_ESTIMATE = 'estimate';

/** 'Stamp Duty Land Tax' for STAMP_DUTY_LAND_TAX; an unknown type is shown in words. */
export function landTaxName(type: string): string {
  const known = LAND_TAX[type as keyof typeof LAND_TAX];
  if (known) return known.name;
  return type
    .toLowerCase()
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** What the estimate is paid to and when: the server's words, else our own for the known taxes. */
function payableLine(estimate: LandTaxEstimate): string | undefined {
  if (estimate.label) return estimate.label;
  if (estimate.payableTo && estimate.dueDaysAfterCompletion) {
    return `Payable to ${estimate.payableTo} within ${estimate.dueDaysAfterCompletion} days of completion.`;
  }
  return LAND_TAX[estimate.landTaxType as keyof typeof LAND_TAX]?.payable;
}

/**
 * Spec section 9: the note shows only when an amount exists; 0 says none is expected. Also the
 * application's Stamp Duty Land Tax section's estimate (issue 13), which is made from the
 * buyers' own answers; a quote's says what it assumed: the server's sentence (issue 28: it
 * names the answers the estimate was made from), else the spec's for the tax.
 */
export function LandTax({
  estimate,
  withAssumptions = false,
}: {
  estimate: LandTaxEstimate;
  withAssumptions?: boolean;
}) {
  const name = landTaxName(estimate.landTaxType);
  const payable = payableLine(estimate);
  const assumes =
    withAssumptions &&
    (estimate.assumptions || LAND_TAX[estimate.landTaxType as keyof typeof LAND_TAX]?.assumes);
  return (
    <Box
      data-testid="land-tax"
      sx={{ p: 2, borderRadius: 1, bgcolor: 'action.hover', border: 1, borderColor: 'divider' }}
    >
      {estimate.amount > 0 ? (
        <>
          <Typography sx={{ fontWeight: 700 }}>
            {`${name} ${LAND_TAX_ESTIMATE}: ${formatMoney(estimate.amount)}`}
          </Typography>
          {payable && <Typography variant="body2">{payable}</Typography>}
        </>
      ) : (
        <Typography
          sx={{ fontWeight: 700 }}
        >{`No ${name} is expected on this purchase.`}</Typography>
      )}
      {assumes && <Typography variant="body2">{assumes}</Typography>}
    </Box>
  );
}
