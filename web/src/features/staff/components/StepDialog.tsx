import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
} from '@mui/material';
import { useId, type FormEventHandler, type ReactNode } from 'react';
import { STAFF_TEXTS } from '../texts';

/** The longest reason the server keeps for a step, a deletion or a sent-back identity. */
const REASON_MAX = 2000;

/**
 * A reason field's check before sending (react-hook-form's `validate`): `required` is what it
 * says when left empty; at most 2000 characters, as the server keeps.
 */
export function checkReason(required: string) {
  return (value: string) => {
    const reason = value.trim();
    if (reason === '') return required;
    return reason.length <= REASON_MAX || STAFF_TEXTS.reasonTooLong;
  };
}

/**
 * The frame of the back office's confirming dialogs (a step, issuing a document, sending an
 * identity back, deleting a document): the title, what it does, the server's refusal above the
 * fields, then Cancel and the step's own button, which shows progress while the call runs.
 * It cannot be closed meanwhile.
 */
export function StepDialog({
  open,
  onClose,
  onSubmit,
  busy,
  title,
  intro,
  problem,
  confirmLabel,
  destructive = false,
  children,
}: {
  open: boolean;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  busy: boolean;
  title: string;
  intro: ReactNode;
  problem: string | null;
  confirmLabel: string;
  /** The button in the error colour (deleting). */
  destructive?: boolean;
  children?: ReactNode;
}) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="sm"
      fullWidth
    >
      <Stack component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5}>
            <DialogContentText id={textId} sx={{ overflowWrap: 'anywhere' }}>
              {intro}
            </DialogContentText>
            {problem && (
              <Alert severity="error" role="alert">
                {problem}
              </Alert>
            )}
            {children}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onClose} disabled={busy}>
            {STAFF_TEXTS.cancel}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={destructive ? 'error' : 'primary'}
            loading={busy}
            loadingPosition="start"
            disabled={busy}
          >
            {confirmLabel}
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}
