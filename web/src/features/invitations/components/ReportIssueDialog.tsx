import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useId } from 'react';
import { QUOTE_LABELS, QUOTE_TEXTS } from '../texts';

/** Who to talk to: 'Bea Broker at Bright Mortgages Ltd', or whichever part is known. */
export function brokerNamed(name?: string | null, firm?: string | null): string {
  if (name && firm) return `${name} at ${firm}`;
  return name || firm || 'your broker';
}

/**
 * 'Report an issue' (QUOTE-05): the customer is told to contact their broker, by name and firm.
 * Sending the issue to the broker from here needs a server call that does not exist yet.
 */
export function ReportIssueDialog({
  open,
  brokerName,
  brokerFirm,
  onClose,
}: {
  open: boolean;
  brokerName?: string | null;
  brokerFirm?: string | null;
  onClose: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId} component="h2">
        {QUOTE_LABELS.reportTitle}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          {`If something in this quote doesn't look right, please contact your broker, ${brokerNamed(
            brokerName,
            brokerFirm,
          )}. They prepared this quote and can correct it for you.`}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          {QUOTE_TEXTS.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
