import {
  Button,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '@mui/material';
import { formatDate } from '../../../lib/format';
import type { CaseKind } from '../caseTypes';
import { address, partyNames, referredBy, type CaseRow } from '../rows';
import { CaseTextLink } from './CaseLinks';
import { StatusChip } from './StatusChip';
import { visuallyHidden } from '@mui/utils';

/** The collapsed list (spec section 2): Created, Owners/Buyers, Status, Mortgage/Deposit, Broker, cancel. */
export function CaseTable({
  kind,
  rows,
  onCancel,
}: {
  kind: CaseKind;
  rows: CaseRow[];
  onCancel: (row: CaseRow) => void;
}) {
  const rem = kind === 'remortgaging';
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={rem ? 'Remortgaging cases' : 'Buying cases'}>
        <TableHead>
          <TableRow>
            <TableCell>Created</TableCell>
            <TableCell>{rem ? 'Owners' : 'Buyers'}</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>{rem ? 'Mortgage' : 'Deposit'}</TableCell>
            <TableCell>Broker</TableCell>
            <TableCell>
              <span style={visuallyHidden}>Cancel</span>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const names = partyNames(row.parties) || address(row.property) || `Case ${row.id}`;
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
                <TableCell>
                  {rem ? (row.flag ? 'Uploaded' : 'Pending') : row.flag ? 'Paid' : 'Pending'}
                </TableCell>
                <TableCell>{referredBy(row.caseAdmins).join(', ')}</TableCell>
                <TableCell align="right">
                  {row.canCancel && (
                    <Button
                      size="small"
                      color="error"
                      onClick={() => onCancel(row)}
                      aria-label={`Cancel case ${names}`}
                    >
                      Cancel
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
