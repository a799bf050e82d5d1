import {
  Alert,
  AlertTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { formatDate, formatMoney } from '../../../lib/format';
import type { CaseKind } from '../../cases';
import { useLedger, useRecordLedger, type Ledger } from '../api/ledger';
import { EntryForm, kindLabel, RedemptionForm } from './LedgerForms';
import { Collapsible, Detail, Details, Panel } from './Panel';

const signed = (pence: number) => (pence < 0 ? `−${formatMoney(-pence)}` : formatMoney(pence));

function Entries({ ledger }: { ledger: Ledger }) {
  const upFront = ledger.upFrontPayment;
  if (ledger.entries.length === 0 && !upFront) {
    return <Typography>Nothing received or paid yet.</Typography>;
  }
  // Five columns do not fit 375 px: the table scrolls within its own box (focusable, so a
  // keyboard can scroll it), never the page.
  return (
    <TableContainer tabIndex={0} role="region" aria-label="Client ledger entries">
      <Table size="small" aria-label="Client ledger">
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell>Kind</TableCell>
            <TableCell>From or to</TableCell>
            <TableCell>Reference</TableCell>
            <TableCell align="right">Amount</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {upFront && (
            <TableRow>
              <TableCell>{formatDate(upFront.paidAt)}</TableCell>
              <TableCell>Up-front payment (card)</TableCell>
              <TableCell>The buyers</TableCell>
              <TableCell>{upFront.reference}</TableCell>
              <TableCell align="right">{signed(upFront.amountPence)}</TableCell>
            </TableRow>
          )}
          {ledger.entries.map((e) => (
            <TableRow key={e.id}>
              <TableCell>{formatDate(e.entryDate)}</TableCell>
              <TableCell>{kindLabel(e.kind)}</TableCell>
              <TableCell>{e.counterparty}</TableCell>
              <TableCell>{e.reference}</TableCell>
              <TableCell align="right">
                {signed(e.direction === 'PAID' ? -e.amountPence : e.amountPence)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Statement({ ledger }: { ledger: Ledger }) {
  const s = ledger.statement;
  const missing = Object.entries(ledger.statementMissing);
  if (!s) {
    return (
      <Alert severity="warning" data-testid="statement-missing">
        <AlertTitle component="p">The completion statement cannot be issued yet</AlertTitle>
        <ul>
          {missing.map(([field, what]) => (
            <li key={field}>{what}</li>
          ))}
        </ul>
      </Alert>
    );
  }
  const due = s.balancePence < 0;
  return (
    <Stack spacing={1} data-testid="statement">
      <Details>
        {[...s.lines, ...s.received].map((l) => (
          <Detail key={l.label} term={signed(l.amountPence)}>
            {l.label}
          </Detail>
        ))}
      </Details>
      <Typography sx={{ fontWeight: 600 }}>
        {due
          ? `Due from the client: ${formatMoney(-s.balancePence)}${s.dueBy ? ` by ${formatDate(s.dueBy)}` : ''}`
          : `Due to the client: ${formatMoney(s.balancePence)}`}
      </Typography>
    </Stack>
  );
}

/**
 * The case's client ledger (issue 28, item 1): what the firm received and paid for the clients,
 * the balance it holds for them (zero once completed and paid out), the completion statement it
 * makes or what that still lacks, and the forms to record money and each charge's redemption
 * figure. See docs/ledger.md.
 */
export function LedgerPanel({ kind, caseId }: { kind: CaseKind; caseId: string }) {
  const query = useLedger(kind, caseId);
  const { entry, redemption } = useRecordLedger(kind, caseId);
  const ledger = query.data;
  if (!ledger) return null;
  return (
    <Panel title="Client ledger">
      <Stack spacing={2}>
        <Entries ledger={ledger} />
        <Typography data-testid="client-balance">
          Held for the client: {formatMoney(ledger.clientBalancePence)}
        </Typography>
        <Statement ledger={ledger} />
        {ledger.charges.map((c) => {
          const r = c.redemptionStatement;
          const lender = c.lender ?? 'the existing lender';
          return (
            <Collapsible key={c.loanId} title={`Redemption figure: ${lender}`}>
              {r && (
                <Typography sx={{ mb: 2 }}>
                  {formatMoney(r.amountPence)} on {formatDate(r.asAt)},{' '}
                  {formatMoney(r.dailyInterestPence)} a day, until {formatDate(r.validUntil)}
                </Typography>
              )}
              <RedemptionForm
                loanId={c.loanId}
                lender={lender}
                record={(body) => redemption.mutateAsync(body)}
              />
            </Collapsible>
          );
        })}
        <Collapsible title="Record money received or paid">
          <EntryForm kinds={ledger.kinds} record={(body) => entry.mutateAsync(body)} />
        </Collapsible>
      </Stack>
    </Panel>
  );
}
