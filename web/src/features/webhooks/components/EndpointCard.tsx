import {
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { useDeleteWebhook, type Webhook } from '../api/webhooks';
import { WEBHOOK_TEXT, eventLabel } from '../texts';
import { Deliveries } from './Deliveries';

/** One registered endpoint: its URL and events, its delivery log on demand, and delete. */
export function EndpointCard({ webhook }: { webhook: Webhook }) {
  const [showLog, setShowLog] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteWebhook();
  const { enqueueSnackbar } = useSnackbar();
  const headingId = `webhook-${webhook.id}`;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 }, listStyle: 'none', minWidth: 0 }}
    >
      <Stack spacing={1.5}>
        <Typography
          variant="h3"
          component="h3"
          id={headingId}
          sx={{ overflowWrap: 'anywhere', fontFamily: 'monospace', fontSize: '1rem' }}
        >
          {webhook.url}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Added {formatDateTime(webhook.createdAt)}
        </Typography>
        <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
          {webhook.events.map((type) => (
            <Chip key={type} size="small" label={eventLabel(type)} />
          ))}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button
            variant="outlined"
            aria-expanded={showLog}
            aria-controls={`${headingId}-log`}
            onClick={() => setShowLog((shown) => !shown)}
          >
            {showLog ? WEBHOOK_TEXT.hideDeliveries : WEBHOOK_TEXT.showDeliveries}
          </Button>
          <Button
            variant="outlined"
            color="error"
            aria-label={`${WEBHOOK_TEXT.remove} ${webhook.url}`}
            onClick={() => setConfirming(true)}
          >
            {WEBHOOK_TEXT.remove}
          </Button>
        </Stack>
        {showLog && (
          <Stack id={`${headingId}-log`} spacing={1}>
            <Typography variant="h4" component="h4">
              {WEBHOOK_TEXT.deliveries}
            </Typography>
            <Deliveries
              webhookId={webhook.id}
              label={`${WEBHOOK_TEXT.deliveries}: ${webhook.url}`}
            />
          </Stack>
        )}
      </Stack>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        aria-labelledby={`${headingId}-delete`}
      >
        <DialogTitle id={`${headingId}-delete`}>{WEBHOOK_TEXT.removeTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ overflowWrap: 'anywhere' }}>
            {webhook.url}. {WEBHOOK_TEXT.removeBody}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{WEBHOOK_TEXT.cancel}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(webhook.id, {
                onSuccess: () => {
                  setConfirming(false);
                  enqueueSnackbar(WEBHOOK_TEXT.removed, { variant: 'success' });
                },
                onError: () => enqueueSnackbar(WEBHOOK_TEXT.removeFailed, { variant: 'error' }),
              })
            }
          >
            {WEBHOOK_TEXT.removeConfirm}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
