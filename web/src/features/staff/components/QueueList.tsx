import {
  Box,
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
import type { ReactNode } from 'react';
import { RouterLink } from '../../../components/RouterLink';
import { formatDate, formatDateTime } from '../../../lib/format';
import { StatusChip } from '../../../components/StatusChip';
import { caseKindOf } from '../../documents';
import { timeAgo } from '../format';
import { waitsOnLabel } from '../queueTexts';
import { STAFF_TEXTS } from '../texts';
import type { StaffQueueItem } from '../types';

function CaseLink({ item }: { item: StaffQueueItem }) {
  return (
    <RouterLink
      to="/staff/cases/$caseType/$caseId"
      params={{ caseType: caseKindOf(item.caseType), caseId: String(item.id) }}
      sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
    >
      {item.address || `Case ${item.id}`}
    </RouterLink>
  );
}

/** 'Ref 1234 · BR-77' under the address. */
function references(item: StaffQueueItem): string {
  return [`Ref ${item.id}`, item.brokerReference].filter(Boolean).join(' · ');
}

function LastMoved({ item }: { item: StaffQueueItem }) {
  return (
    <time dateTime={item.lastMovedAt} title={formatDateTime(item.lastMovedAt)}>
      {timeAgo(item.lastMovedAt)}
    </time>
  );
}

function Due({ item }: { item: StaffQueueItem }) {
  if (!item.dueDate) return <>None</>;
  return (
    <>
      <time dateTime={item.dueDate}>{formatDate(item.dueDate)}</time>
      {item.dueLabel && (
        <Typography
          component="span"
          variant="body2"
          color="text.secondary"
          sx={{ display: 'block' }}
        >
          {item.dueLabel}
        </Typography>
      )}
    </>
  );
}

/**
 * The status, marked when the case has been in it longer than the stage usually takes, and when
 * a customer's or broker's message waits for the firm's reply (overdue past the promise).
 */
function Status({ item }: { item: StaffQueueItem }) {
  return (
    <>
      <StatusChip chip={item.chip} wrap />
      {item.stageOverdue && (
        <Typography
          component="span"
          variant="body2"
          color="error"
          sx={{ display: 'block', fontWeight: 600, mt: 0.5 }}
        >
          {STAFF_TEXTS.stageOverdue}
        </Typography>
      )}
      {item.replyDueAt && (
        <Typography
          component="span"
          variant="body2"
          color={item.replyOverdue ? 'error' : 'text.secondary'}
          sx={{ display: 'block', fontWeight: 600, mt: 0.5 }}
        >
          {item.replyOverdue ? STAFF_TEXTS.replyOverdue : STAFF_TEXTS.messageWaiting}
        </Typography>
      )}
    </>
  );
}

/** The earliest due date of the case's open legal-file tasks, marked when it has passed. */
function NextTask({ item }: { item: StaffQueueItem }) {
  if (!item.nextTaskDueOn) return <>None</>;
  return (
    <>
      <time dateTime={item.nextTaskDueOn}>{formatDate(item.nextTaskDueOn)}</time>
      {item.nextTaskOverdue && (
        <Typography
          component="span"
          variant="body2"
          color="error"
          sx={{ display: 'block', fontWeight: 600 }}
        >
          {STAFF_TEXTS.nextTaskOverdue}
        </Typography>
      )}
    </>
  );
}

const assigneeName = (item: StaffQueueItem) => item.assignee?.name ?? STAFF_TEXTS.unassigned;

/**
 * The queue's page of cases: a table from `md` up, labelled blocks below it (a phone has no room
 * for six columns).
 */
export function QueueList({ items, label }: { items: StaffQueueItem[]; label: string }) {
  const narrow = useMediaQuery((t: Theme) => t.breakpoints.down('md'), { noSsr: true });
  return narrow ? (
    <QueueCards items={items} label={label} />
  ) : (
    <QueueTable items={items} label={label} />
  );
}

function QueueTable({ items, label }: { items: StaffQueueItem[]; label: string }) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>Case</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Waiting on</TableCell>
            <TableCell>Last moved</TableCell>
            <TableCell>Due</TableCell>
            <TableCell>{STAFF_TEXTS.nextTask}</TableCell>
            <TableCell>Assignee</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow key={`${item.caseType}-${item.id}`} data-case-id={item.id} hover>
              <TableCell sx={{ minWidth: 220 }}>
                <CaseLink item={item} />
                {item.names.length > 0 && (
                  <Typography variant="body2">{item.names.join(', ')}</Typography>
                )}
                <Typography variant="body2" color="text.secondary">
                  {references(item)}
                </Typography>
              </TableCell>
              <TableCell>
                <Status item={item} />
              </TableCell>
              <TableCell>{waitsOnLabel(item.waitsOn)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <LastMoved item={item} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Due item={item} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <NextTask item={item} />
              </TableCell>
              <TableCell>{assigneeName(item)}</TableCell>
            </TableRow>
          ))}
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

function QueueCards({ items, label }: { items: StaffQueueItem[]; label: string }) {
  return (
    <Paper
      variant="outlined"
      component="ul"
      aria-label={label}
      data-testid="queue-cards"
      sx={{ listStyle: 'none', m: 0, p: 0 }}
    >
      {items.map((item, i) => (
        <Box
          component="li"
          key={`${item.caseType}-${item.id}`}
          data-case-id={item.id}
          sx={{ px: 2, py: 1.5, borderTop: i === 0 ? 0 : 1, borderColor: 'divider' }}
        >
          <Stack spacing={0.5} sx={{ mb: 1 }}>
            <Typography component="div">
              <CaseLink item={item} />
            </Typography>
            {item.names.length > 0 && (
              <Typography variant="body2">{item.names.join(', ')}</Typography>
            )}
            <Typography variant="body2" color="text.secondary">
              {references(item)}
            </Typography>
          </Stack>
          <Box sx={{ mb: 1, maxWidth: '100%' }}>
            <Status item={item} />
          </Box>
          <Box
            component="dl"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1 }}
          >
            <Field label="Waiting on">{waitsOnLabel(item.waitsOn)}</Field>
            <Field label="Last moved">
              <LastMoved item={item} />
            </Field>
            <Field label="Due">
              <Due item={item} />
            </Field>
            <Field label={STAFF_TEXTS.nextTask}>
              <NextTask item={item} />
            </Field>
            <Field label="Assignee">{assigneeName(item)}</Field>
          </Box>
        </Box>
      ))}
    </Paper>
  );
}
