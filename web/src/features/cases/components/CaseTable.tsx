import {
  Box,
  Button,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { formatDate } from '../../../lib/format';
import { KIND_WORDS, type CaseKind } from '../caseTypes';
import { address, partyNames, referredBy, type CaseRow } from '../rows';
import { CaseTextLink } from './CaseLinks';
import { StatusChip } from '../../../components/StatusChip';
import { visuallyHidden } from '@mui/utils';
import type { ReactNode } from 'react';

interface Columns {
  words: (typeof KIND_WORDS)[CaseKind];
  names: (row: CaseRow) => string;
  flag: (row: CaseRow) => string;
}

function columns(kind: CaseKind): Columns {
  const words = KIND_WORDS[kind];
  return {
    words,
    names: (row) => partyNames(row.parties) || address(row.property) || `Case ${row.id}`,
    flag: (row) => (row.flag ? words.flagDone : 'Pending'),
  };
}

/**
 * The collapsed list (spec section 2): Created, Owners/Buyers, Status, Mortgage/Deposit, Broker,
 * cancel. Six columns do not fit a phone: below the `md` breakpoint each row is drawn as a
 * compact block with the same fields (issue 15: chips were cut and the page scrolled sideways).
 */
export function CaseTable({
  kind,
  rows,
  onCancel,
}: {
  kind: CaseKind;
  rows: CaseRow[];
  onCancel: (row: CaseRow) => void;
}) {
  const narrow = useMediaQuery((t: Theme) => t.breakpoints.down('md'), { noSsr: true });
  const cols = columns(kind);
  return narrow ? (
    <StackedRows kind={kind} rows={rows} cols={cols} onCancel={onCancel} />
  ) : (
    <WideTable kind={kind} rows={rows} cols={cols} onCancel={onCancel} />
  );
}

interface RowsProps {
  kind: CaseKind;
  rows: CaseRow[];
  cols: Columns;
  onCancel: (row: CaseRow) => void;
}

function CancelButton({
  row,
  name,
  onCancel,
}: { row: CaseRow; name: string } & Pick<RowsProps, 'onCancel'>) {
  return (
    <Button
      size="small"
      color="error"
      onClick={() => onCancel(row)}
      aria-label={`Cancel case ${name}`}
      // The small button's 36 px made rows with a Cancel taller than the rest (issue 15); 24 px
      // is no taller than a status chip and still the minimum target size (WCAG 2.5.8).
      sx={{ minHeight: 24, py: 0 }}
    >
      Cancel
    </Button>
  );
}

function WideTable({ kind, rows, cols, onCancel }: RowsProps) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={cols.words.cases}>
        <TableHead>
          <TableRow>
            <TableCell>Created</TableCell>
            <TableCell>{cols.words.parties}</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>{cols.words.flagShort}</TableCell>
            <TableCell>Broker</TableCell>
            <TableCell>
              <span style={visuallyHidden}>Cancel</span>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const names = cols.names(row);
            return (
              <TableRow key={row.id} data-case-id={row.id} hover>
                <TableCell>{formatDate(row.createdAt)}</TableCell>
                <TableCell>
                  <CaseTextLink kind={kind} caseId={row.id}>
                    {names}
                  </CaseTextLink>
                </TableCell>
                <TableCell>
                  <StatusChip chip={row.statusChip} />
                </TableCell>
                <TableCell>{cols.flag(row)}</TableCell>
                <TableCell>{referredBy(row.caseAdmins).join(', ')}</TableCell>
                <TableCell align="right">
                  {row.canCancel && <CancelButton row={row} name={names} onCancel={onCancel} />}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The same rows for narrow screens: a list of blocks, each the row's fields with labels. */
function StackedRows({ kind, rows, cols, onCancel }: RowsProps) {
  return (
    <Paper
      variant="outlined"
      component="ul"
      aria-label={cols.words.cases}
      data-testid="case-rows"
      sx={{ listStyle: 'none', m: 0, p: 0 }}
    >
      {rows.map((row, i) => {
        const names = cols.names(row);
        const broker = referredBy(row.caseAdmins).join(', ');
        return (
          <Box
            component="li"
            key={row.id}
            data-case-id={row.id}
            sx={{ px: 2, py: 1.5, borderTop: i === 0 ? 0 : 1, borderColor: 'divider' }}
          >
            <Stack
              direction="row"
              sx={{
                justifyContent: 'space-between',
                alignItems: 'center',
                gap: 1,
                mb: 1,
                minHeight: 32,
              }}
            >
              <Typography sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}>
                <CaseTextLink kind={kind} caseId={row.id}>
                  {names}
                </CaseTextLink>
              </Typography>
              {row.canCancel && <CancelButton row={row} name={names} onCancel={onCancel} />}
            </Stack>
            <Box sx={{ mb: 1, maxWidth: '100%' }}>
              <StatusChip chip={row.statusChip} wrap />
            </Box>
            <Box
              component="dl"
              sx={{
                m: 0,
                display: 'grid',
                gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
                gap: 1,
              }}
            >
              <Field label="Created">{formatDate(row.createdAt)}</Field>
              <Field label={cols.words.flagShort}>{cols.flag(row)}</Field>
              {broker && <Field label="Broker">{broker}</Field>}
            </Box>
          </Box>
        );
      })}
    </Paper>
  );
}
