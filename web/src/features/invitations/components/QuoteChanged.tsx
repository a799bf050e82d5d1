import {
  Alert,
  Box,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  type SxProps,
} from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { landTaxName } from '../../../components/LandTax';
import type { Quote } from '../../../lib/api/types';
import { formatDate, formatMoney } from '../../../lib/format';
import { QUOTE_CHANGED_TEXTS as T } from '../texts';

// Narrow columns: the amounts keep to one line, the labels wrap (the page fits 375 px).
const labelSx: SxProps = { pl: 0, pr: 1, overflowWrap: 'anywhere' };
const amountSx: SxProps = { whiteSpace: 'nowrap', textAlign: 'right', px: 1 };
const lastSx: SxProps = { ...amountSx, pr: 0 };

interface Comparison {
  label: string;
  was: number | null;
  now: number | null;
}

const amount = (pence: number | null | undefined) => (pence != null ? formatMoney(pence) : T.none);

/**
 * A re-quote waiting for the client to accept it again (issue 28: the server sends `previous`,
 * the earlier accepted quote's figures, only then): says so, to the client or their broker, and
 * sets the figures they accepted beside the new ones. Nothing when the quote is not a re-quote.
 */
export function QuoteChanged({ quote, isBroker }: { quote: Quote; isBroker: boolean }) {
  const previous = quote.previous;
  if (!previous) return null;
  const date = formatDate(previous.acceptedAt);
  const estimate = quote.landTaxEstimate;
  const rows: Comparison[] = [
    { label: T.total, was: previous.totalAmount, now: quote.totalAmount },
  ];
  if (previous.landTaxAmount != null || estimate) {
    rows.push({
      label: estimate ? `${landTaxName(estimate.landTaxType)} estimate` : T.landTax,
      was: previous.landTaxAmount ?? null,
      now: estimate?.amount ?? null,
    });
  }
  return (
    <Stack spacing={1} sx={{ mb: 3 }} data-testid="quote-changed">
      <Alert severity="info" role="status">
        {isBroker ? T.broker(date) : T.customer(date)}
      </Alert>
      <Table size="small">
        <Box component="caption" sx={visuallyHidden}>
          {T.caption}
        </Box>
        <TableHead>
          <TableRow>
            <TableCell sx={labelSx}>
              <Box component="span" sx={visuallyHidden}>
                {T.figure}
              </Box>
            </TableCell>
            <TableCell sx={amountSx}>{T.was}</TableCell>
            <TableCell sx={lastSx}>{T.now}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.label}>
              <TableCell component="th" scope="row" sx={labelSx}>
                {row.label}
              </TableCell>
              <TableCell sx={amountSx}>{amount(row.was)}</TableCell>
              <TableCell sx={{ ...lastSx, fontWeight: 700 }}>{amount(row.now)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Stack>
  );
}
