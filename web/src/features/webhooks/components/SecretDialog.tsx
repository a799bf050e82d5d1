import ContentCopy from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  InputAdornment,
  TextField,
  Tooltip,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { WEBHOOK_TEXT } from '../texts';

/**
 * The new endpoint's signing secret, shown this once: the page forgets it when the dialog
 * closes, and the server never gives it again. Only the button closes it (not a stray click
 * outside), so it is not lost by accident.
 */
export function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret ?? '');
      enqueueSnackbar(WEBHOOK_TEXT.copied, { variant: 'success' });
    } catch {
      enqueueSnackbar(WEBHOOK_TEXT.copyFailed, { variant: 'error' });
    }
  };
  return (
    <Dialog open={secret !== null} fullWidth maxWidth="sm" aria-labelledby="webhook-secret-title">
      <DialogTitle id="webhook-secret-title">{WEBHOOK_TEXT.secretTitle}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {WEBHOOK_TEXT.secretWarning}
        </Alert>
        <TextField
          label={WEBHOOK_TEXT.secretLabel}
          value={secret ?? ''}
          fullWidth
          multiline
          onFocus={(event) => event.target.select()}
          slotProps={{
            htmlInput: { readOnly: true, sx: { fontFamily: 'monospace', wordBreak: 'break-all' } },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <Tooltip title={WEBHOOK_TEXT.copy}>
                    <IconButton aria-label={WEBHOOK_TEXT.copy} onClick={() => void copy()}>
                      <ContentCopy />
                    </IconButton>
                  </Tooltip>
                </InputAdornment>
              ),
            },
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {WEBHOOK_TEXT.secretDone}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
