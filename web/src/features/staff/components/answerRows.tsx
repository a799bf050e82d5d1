import { Typography } from '@mui/material';
import { formatDate, formatMoney } from '../../../lib/format';
import { labelOf, lenderLabel } from '../../../lib/labels';
import { Detail, Details } from './Panel';

// How the application's answers read in the back office.
export const yesNo = (v: boolean | null | undefined) => (v == null ? null : v ? 'Yes' : 'No');
export const money = (v: number | null | undefined) => (v == null ? null : formatMoney(v));
export const date = (v: string | null | undefined) => (v ? formatDate(v) : null);
/** A value's label from its table (lib/labels), or null when there is no value. */
export const labelled = (table: Readonly<Record<string, string>>, v: string | null | undefined) =>
  v ? labelOf(table, v) : null;
export const lender = (v: string | null | undefined) => (v ? lenderLabel(v) : null);

/** Rows whose value is known; the rest are left out rather than shown empty. */
export function Rows({ rows }: { rows: [string, string | null | undefined][] }) {
  const known = rows.filter((r): r is [string, string] => !!r[1]);
  if (known.length === 0) return <Typography>Nothing given yet.</Typography>;
  return (
    <Details>
      {known.map(([term, value]) => (
        <Detail key={term} term={term}>
          {value}
        </Detail>
      ))}
    </Details>
  );
}
