import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import { GenericError } from '../../../components/GenericError';
import type { CaseRef } from '../../../lib/api/types';
import { ISSUE_MESSAGE_LIMIT, useReportQuoteIssue } from '../api/reportQuoteIssue';
import { QUOTE_LABELS, QUOTE_TEXTS, REPORT_TEXTS } from '../texts';

/** Who to talk to: 'Bea Broker at Bright Mortgages Ltd', or whichever part is known. */
export function brokerNamed(name?: string | null, firm?: string | null): string {
  if (name && firm) return `${name} at ${firm}`;
  return name || firm || 'your broker';
}

/**
 * 'Report an issue' (QUOTE-05): the customer writes what is wrong with the quote and it goes to
 * their broker (an e-mail and a feed item; the broker reads it with the quote). The form
 * unmounts when the dialog closes, so each opening starts empty.
 */
export function ReportIssueDialog({
  open,
  quoteId,
  caseRef,
  brokerName,
  brokerFirm,
  onClose,
}: {
  open: boolean;
  /** Null while the quote is not loaded: there is nothing to report on yet. */
  quoteId: number | null;
  caseRef: CaseRef;
  brokerName?: string | null;
  brokerFirm?: string | null;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId} component="h2">
        {QUOTE_LABELS.reportTitle}
      </DialogTitle>
      {open && (
        <ReportForm
          quoteId={quoteId}
          caseRef={caseRef}
          broker={brokerNamed(brokerName, brokerFirm)}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function ReportForm({
  quoteId,
  caseRef,
  broker,
  onClose,
}: {
  quoteId: number | null;
  caseRef: CaseRef;
  broker: string;
  onClose: () => void;
}) {
  const report = useReportQuoteIssue();
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const introId = useId();

  if (report.isSuccess) {
    return (
      <>
        <DialogContent>
          <DialogContentText role="status">{REPORT_TEXTS.sent(broker)}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={onClose} autoFocus>
            {QUOTE_TEXTS.close}
          </Button>
        </DialogActions>
      </>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const text = message.trim();
    if (!text) {
      setProblem(REPORT_TEXTS.required);
      return;
    }
    if (quoteId === null) return;
    report.mutate({ quoteId, ...caseRef, message: text });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-describedby={introId}>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText id={introId}>{REPORT_TEXTS.intro(broker)}</DialogContentText>
          <TextField
            label={REPORT_TEXTS.label}
            value={message}
            onChange={(event) => {
              setMessage(event.target.value);
              setProblem(null);
            }}
            multiline
            minRows={4}
            required
            autoFocus
            error={problem !== null}
            helperText={problem ?? `${message.length}/${ISSUE_MESSAGE_LIMIT}`}
            slotProps={{ htmlInput: { maxLength: ISSUE_MESSAGE_LIMIT } }}
          />
          {report.isError && <GenericError />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{REPORT_TEXTS.cancel}</Button>
        <Button type="submit" variant="contained" disabled={report.isPending || quoteId === null}>
          {report.isPending ? QUOTE_LABELS.working : REPORT_TEXTS.send}
        </Button>
      </DialogActions>
    </form>
  );
}
