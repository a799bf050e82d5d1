import {
  Box,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
  type SxProps,
} from '@mui/material';
import { useId } from 'react';
import type { LandTaxEstimate, Quote } from '../../../lib/api/types';
import { formatMoney } from '../../../lib/format';
import { LAND_TAX, QUOTE_LABELS } from '../texts';

const amountSx: SxProps = { whiteSpace: 'nowrap', textAlign: 'right', pl: 1 };
const labelSx: SxProps = { pl: 0, overflowWrap: 'anywhere' };

function Row({ label, amount, strong }: { label: string; amount: string; strong?: boolean }) {
  const weight = strong ? 700 : 400;
  return (
    <TableRow>
      <TableCell component="th" scope="row" sx={{ ...labelSx, fontWeight: weight }}>
        {label}
      </TableCell>
      <TableCell sx={{ ...amountSx, pr: 0, fontWeight: weight }}>{amount}</TableCell>
    </TableRow>
  );
}

function CostSection({ title, costs }: Quote['costBreakdown'][number] & { title: string }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h3" sx={{ fontSize: '1rem', mb: 0.5 }}>
        {title}
      </Typography>
      <Table size="small" aria-labelledby={headingId}>
        <TableBody>
          {costs.map((cost, i) => (
            <Row key={`${cost.label}-${i}`} label={cost.label} amount={formatMoney(cost.amount)} />
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

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
 * buyers' own answers; a quote's, made before there are any, says what it assumed.
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
    withAssumptions && LAND_TAX[estimate.landTaxType as keyof typeof LAND_TAX]?.assumes;
  return (
    <Box
      data-testid="land-tax"
      sx={{ p: 2, borderRadius: 1, bgcolor: 'action.hover', border: 1, borderColor: 'divider' }}
    >
      {estimate.amount > 0 ? (
        <>
          <Typography sx={{ fontWeight: 700 }}>
            {`${name} ${QUOTE_LABELS.landTaxEstimate}: ${formatMoney(estimate.amount)}`}
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

/**
 * The cost breakdown of a quote (QUOTE-03, QUOTE-10): every section and line, the subtotal,
 * discount, total, the up-front payment (where one is asked for) with its terms, and for a
 * purchase the land-tax estimate. Figures are shown as the server sent them (pence, as £ with
 * pence); nothing is computed here.
 */
export function QuoteDetails({ quote }: { quote: Quote }) {
  const summaryId = useId();
  return (
    <Stack spacing={2.5} data-testid="quote-details">
      {quote.costBreakdown.map((section, i) => (
        <CostSection
          key={`${section.sectionTitle}-${i}`}
          title={section.sectionTitle}
          {...section}
        />
      ))}
      <Box component="section" aria-labelledby={summaryId}>
        <Typography id={summaryId} variant="h6" component="h3" sx={{ fontSize: '1rem', mb: 0.5 }}>
          {QUOTE_LABELS.summary}
        </Typography>
        <Table size="small" aria-labelledby={summaryId}>
          <TableBody>
            <Row label={QUOTE_LABELS.subtotal} amount={formatMoney(quote.subtotal)} />
            <Row
              label={QUOTE_LABELS.discount}
              amount={quote.discount > 0 ? `−${formatMoney(quote.discount)}` : formatMoney(0)}
            />
            <Row label={QUOTE_LABELS.total} amount={formatMoney(quote.totalAmount)} strong />
            {/* A remortgage asks for no up-front payment: no line promising one. */}
            {quote.deposit > 0 && (
              <Row label={QUOTE_LABELS.deposit} amount={formatMoney(quote.deposit)} />
            )}
          </TableBody>
        </Table>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="quote-terms">
          {quote.depositTerms || QUOTE_LABELS.depositNote}
        </Typography>
        {quote.referralFee && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="referral">
            {quote.referralFee.amount > 0
              ? `${quote.referralFee.label}: ${formatMoney(quote.referralFee.amount)}`
              : quote.referralFee.label}
          </Typography>
        )}
      </Box>
      {quote.landTaxEstimate && <LandTax estimate={quote.landTaxEstimate} withAssumptions />}
      {quote.notes.length > 0 && (
        <Stack spacing={0.5} data-testid="quote-notes">
          {quote.notes.map((note, i) => (
            <Typography key={i} variant="body2">
              {note}
            </Typography>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
