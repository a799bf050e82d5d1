import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  type ButtonProps,
} from '@mui/material';
import { useId } from 'react';
import { FormError } from '../components/FormError';
import { OWNERS_TEXTS } from '../ownersTexts';

// --- Controls -----------------------------------------------------------------------------------

/** A part of the Owners and Transfer of Equity sections, as a card. */
export const cardSx = {
  p: { xs: 2, sm: 3 },
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
  bgcolor: 'background.paper',
} as const;

export const h2Sx = { fontSize: '1.35rem', fontWeight: 600 } as const;
export const h4Sx = { fontSize: '1.05rem', fontWeight: 600 } as const;

/** A submit button that says it is saving (and is disabled) while busy. */
export function SubmitButton({
  busy,
  label,
  busyLabel = OWNERS_TEXTS.saving,
  ...rest
}: { busy: boolean; label: string; busyLabel?: string } & Omit<ButtonProps, 'children'>) {
  return (
    <Button
      type="submit"
      variant="contained"
      disabled={busy}
      startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
      sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
      {...rest}
    >
      {busy ? busyLabel : label}
    </Button>
  );
}

/** A confirmation before removing something; shows the failure in the dialog. */
export function ConfirmRemoveDialog({
  open,
  title,
  body,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  body: string;
  busy: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const bodyId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={bodyId}>{body}</DialogContentText>
        {error ? (
          <Box sx={{ mt: 2 }}>
            <FormError error={error} fields={{}} />
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {OWNERS_TEXTS.cancel}
        </Button>
        <Button
          onClick={onConfirm}
          variant="contained"
          color="error"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        >
          {OWNERS_TEXTS.remove}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
