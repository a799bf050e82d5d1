import {
  Box,
  Link,
  Paper,
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
import { runtimeConfig } from '../../../lib/config';
import { formatDateTime } from '../../../lib/format';
import type { CaseKind } from '../../cases';
import { statusLabel, wordsOf } from '../../../lib/labels';
import { ROLE_LABELS } from '../adminTexts';
import { STAFF_TEXTS } from '../texts';
import type { StaffAuditEntry } from '../types';
import { Panel } from './Panel';

const ACTOR_ROLE_LABELS: Record<string, string> = {
  ...ROLE_LABELS,
  // A gift's donor: the server names them so (their account is a customer's).
  DONOR: 'Donor',
};

export function auditCsvUrl(kind: CaseKind, caseId: string): string {
  return `${runtimeConfig().apiBaseUrl}/staff/cases/${kind}/${caseId}/audit.csv`;
}

/** Who acted, with their role on the case ('Dee Donor (Donor)'); 'System' for the system. */
export function who(entry: StaffAuditEntry): string {
  const name = entry.actorName ?? 'System';
  const role = entry.actorRole ? (ACTOR_ROLE_LABELS[entry.actorRole] ?? entry.actorRole) : null;
  return role ? `${name} (${role})` : name;
}

/** The entry's free-form detail (the schema types it as an object of unknown shape). */
function detailOf(entry: StaffAuditEntry): Record<string, unknown> {
  return (entry.detail ?? {}) as Record<string, unknown>;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function reasonOf(entry: StaffAuditEntry): string {
  return text(detailOf(entry).reason) ?? '';
}

/**
 * What happened, in words: a move says from which status to which; any other action
 * (`case.loan_added`, `document.uploaded`, …) is put into words ('Loan added', 'Document
 * uploaded'), with the identity provider's result where it gave one ('Identity checked:
 * declined').
 */
export function describeAction(entry: StaffAuditEntry): string {
  const detail = detailOf(entry);
  const from = text(detail.from);
  const to = text(detail.to);
  if (entry.action === 'case.transition' && from && to) {
    // A step that keeps the status (agreeing the completion date) says what it did.
    const step = text(detail.transition);
    if (from === to && step) return `${wordsOf(step)} (stayed at ${statusLabel(to)})`;
    return `Moved from ${statusLabel(from)} to ${statusLabel(to)}`;
  }
  const [scope, what] = entry.action.includes('.')
    ? [
        entry.action.slice(0, entry.action.indexOf('.')),
        entry.action.slice(entry.action.indexOf('.') + 1),
      ]
    : ['', entry.action];
  const words = wordsOf(what.replace(/[.\s-]+/g, '_'));
  const result = text(detail.result);
  if (result) return `${words}: ${result}`;
  return scope === 'document' ? `Document ${words.toLowerCase()}` : words;
}

/** The case's audit trail, newest first, and the whole of it as CSV. */
export function AuditTrail({
  kind,
  caseId,
  entries,
}: {
  kind: CaseKind;
  caseId: string;
  entries: StaffAuditEntry[];
}) {
  const narrow = useMediaQuery((t: Theme) => t.breakpoints.down('md'), { noSsr: true });
  return (
    <Panel
      title={STAFF_TEXTS.auditTrail}
      collapsible
      action={
        <Link href={auditCsvUrl(kind, caseId)} download>
          {STAFF_TEXTS.downloadCsv}
        </Link>
      }
    >
      {entries.length === 0 ? (
        <Typography>{STAFF_TEXTS.noAudit}</Typography>
      ) : narrow ? (
        <Box
          component="ul"
          aria-label={STAFF_TEXTS.auditTrail}
          sx={{ listStyle: 'none', m: 0, p: 0 }}
        >
          {entries.map((e, i) => (
            <Box component="li" key={i} sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}>
              <Typography variant="body2" color="text.secondary">
                <time dateTime={e.at}>{formatDateTime(e.at)}</time> · {who(e)}
              </Typography>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {describeAction(e)}
              </Typography>
              {reasonOf(e) && (
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  Reason: {reasonOf(e)}
                </Typography>
              )}
            </Box>
          ))}
        </Box>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={STAFF_TEXTS.auditTrail}>
            <TableHead>
              <TableRow>
                <TableCell>When</TableCell>
                <TableCell>Who</TableCell>
                <TableCell>What</TableCell>
                <TableCell>Reason</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {entries.map((e, i) => (
                <TableRow key={i}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <time dateTime={e.at}>{formatDateTime(e.at)}</time>
                  </TableCell>
                  <TableCell>{who(e)}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{describeAction(e)}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{reasonOf(e)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Panel>
  );
}
