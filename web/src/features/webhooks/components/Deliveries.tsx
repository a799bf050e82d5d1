import {
  Alert,
  Box,
  Button,
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
import { visuallyHidden } from '@mui/utils';
import { useSnackbar } from 'notistack';
import { Loading } from '../../../components/Loading';
import { formatDateTime } from '../../../lib/format';
import { useDeliveries, useReplayDelivery, type Delivery } from '../api/webhooks';
import { WEBHOOK_TEXT, deliveryResult, eventLabel } from '../texts';

/** When it was last tried, or when the event happened if it has not been yet. */
function when(d: Delivery): string {
  return d.lastAttemptAt ?? d.createdAt;
}

function ReplayButton({ webhookId, delivery }: { webhookId: string; delivery: Delivery }) {
  const replay = useReplayDelivery(webhookId);
  const { enqueueSnackbar } = useSnackbar();
  return (
    <Button
      size="small"
      variant="outlined"
      disabled={replay.isPending}
      aria-label={`${WEBHOOK_TEXT.replay}: ${eventLabel(delivery.eventType)}, ${formatDateTime(delivery.createdAt)}`}
      onClick={() =>
        replay.mutate(delivery.id, {
          onSuccess: () => enqueueSnackbar(WEBHOOK_TEXT.replayed, { variant: 'success' }),
          onError: () => enqueueSnackbar(WEBHOOK_TEXT.replayFailed, { variant: 'error' }),
        })
      }
    >
      {WEBHOOK_TEXT.replay}
    </Button>
  );
}

/** An endpoint's recent deliveries: a table, or a stacked list on narrow screens. */
export function Deliveries({ webhookId, label }: { webhookId: string; label: string }) {
  const deliveries = useDeliveries(webhookId);
  const narrow = useMediaQuery((t: Theme) => t.breakpoints.down('md'), { noSsr: true });
  if (deliveries.isPending) return <Loading label={WEBHOOK_TEXT.deliveries} />;
  if (deliveries.isError) return <Alert severity="error">{WEBHOOK_TEXT.deliveriesFailed}</Alert>;
  const rows = deliveries.data.deliveries;
  if (rows.length === 0) return <Typography>{WEBHOOK_TEXT.noDeliveries}</Typography>;
  return narrow ? (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map((d) => (
        <Box component="li" key={d.id} sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}>
          <Typography sx={{ fontWeight: 600 }}>{eventLabel(d.eventType)}</Typography>
          <Typography variant="body2" color="text.secondary">
            <time dateTime={when(d)}>{formatDateTime(when(d))}</time> · {d.attempts}{' '}
            {d.attempts === 1 ? 'try' : 'tries'}
          </Typography>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere', mb: 1 }}>
            {deliveryResult(d)}
          </Typography>
          <ReplayButton webhookId={webhookId} delivery={d} />
        </Box>
      ))}
    </Box>
  ) : (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>Event</TableCell>
            <TableCell>When</TableCell>
            <TableCell>Tries</TableCell>
            <TableCell>Result</TableCell>
            <TableCell>
              <Box component="span" sx={visuallyHidden}>
                Actions
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((d) => (
            <TableRow key={d.id}>
              <TableCell>{eventLabel(d.eventType)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <time dateTime={when(d)}>{formatDateTime(when(d))}</time>
              </TableCell>
              <TableCell>{d.attempts}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{deliveryResult(d)}</TableCell>
              <TableCell align="right">
                <ReplayButton webhookId={webhookId} delivery={d} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
