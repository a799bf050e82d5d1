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
import type { Quote } from '../../../lib/api/types';
import { formatMoney } from '../../../lib/format';
import { LandTax } from '../../../components/LandTax';
import { QUOTE_LABELS } from '../texts';

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
