import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useId } from 'react';
import type { CaseType } from '../../../lib/api/types';
import { useCancelCase } from '../api/cancelCase';

/** Spec section 2 (the cancel dialog) and section 8 (its toasts), word for word. */
export const CANCEL_TEXTS = {
  title: 'Cancel Case',
  question: 'Are you sure you want to cancel this case?',
  goBack: 'Go back',
  confirm: 'Yes, cancel',
  cancelled: 'Case cancelled',
  failed: 'Error cancelling case',
  errorTitle: 'Something went wrong',
  errorBody: 'We could not cancel this case. Please try again later.',
  close: 'Close',
} as const;

export interface CancelTarget {
  caseId: number;
  caseType: CaseType;
}

export function CancelCaseDialog({
  target,
  onClose,
}: {
  target: CancelTarget | null;
  onClose: () => void;
}) {
  const cancel = useCancelCase();
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();
  const close = () => {
    onClose();
    cancel.reset();
  };
  const confirm = () => {
    if (!target) return;
    cancel.mutate(target, {
      onSuccess: () => {
        enqueueSnackbar(CANCEL_TEXTS.cancelled, { variant: 'success' });
        close();
      },
      onError: () => enqueueSnackbar(CANCEL_TEXTS.failed, { variant: 'error' }),
    });
  };

  return (
    <Dialog
      open={target !== null}
      onClose={close}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{CANCEL_TEXTS.title}</DialogTitle>
      {cancel.isError ? (
        <>
          <DialogContent>
            <Alert severity="error">
              <strong>{CANCEL_TEXTS.errorTitle}</strong>
              <br />
              {CANCEL_TEXTS.errorBody}
            </Alert>
          </DialogContent>
          <DialogActions>
            <Button onClick={close} variant="contained">
              {CANCEL_TEXTS.close}
            </Button>
          </DialogActions>
        </>
      ) : (
        <>
          <DialogContent>
            <DialogContentText>{CANCEL_TEXTS.question}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={cancel.isPending}>
              {CANCEL_TEXTS.goBack}
            </Button>
            <Button onClick={confirm} variant="contained" color="error" disabled={cancel.isPending}>
              {CANCEL_TEXTS.confirm}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
