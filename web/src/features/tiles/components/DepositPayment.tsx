import { Alert, Box, Button, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { useId, useState } from 'react';
import { fromPromise } from 'xstate';
import { isApiError } from '../../../lib/api/errors';
import type { BuyingExpanded } from '../../../lib/api/types';
import { reportError } from '../../../lib/errorReporter';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { answerLocalPayment, startDepositPayment } from '../api/depositPayment';
import { workStartQuery } from '../api/workStart';
import { depositMachine } from '../machines/depositMachine';
import { DEPOSIT_TEXTS } from '../texts';
import { WorkStartConsent } from './WorkStartConsent';

/** Why the payment did not go through: the server's words for a 409 (already paid, not open). */
function failureText(error: unknown): string {
  if (isApiError(error, 409)) return error.message;
  return DEPOSIT_TEXTS.failed;
}

/** A call in flight: what is happening, with an indeterminate bar. */
function Busy({ label }: { label: string }) {
  return (
    <Box role="status" aria-live="polite" sx={{ maxWidth: 480 }}>
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <LinearProgress aria-label={label} />
    </Box>
  );
}

/** The buyer's Pay button and the payment flow that follows it (the deposit machine). */
export function Payment({ expanded, amount }: { expanded: BuyingExpanded; amount: number }) {
  const queryClient = useQueryClient();
  const testHeadingId = useId();
  const wordingQuery = workStartQuery(String(expanded.id));
  const wording = useQuery(wordingQuery);
  const [ticked, setTicked] = useState(false);
  const [machine] = useState(() =>
    depositMachine.provide({
      actors: {
        startPayment: fromPromise(async ({ input }) => {
          try {
            // The version of the statement the buyer ticked (Pay waits for it).
            const version = queryClient.getQueryData(wordingQuery.queryKey)?.version ?? '';
            return await startDepositPayment(input.caseId, version);
          } catch (error) {
            reportError(error, { flow: 'deposit_payment' });
            // A refusal (already paid, not open) may mean the case moved on: show it as it is.
            void queryClient.invalidateQueries();
            throw error;
          }
        }),
        answerPayment: fromPromise(async ({ input }) => {
          try {
            return await answerLocalPayment(input.reference, input.outcome);
          } catch (error) {
            reportError(error, { flow: 'local_payment_response' });
            throw error;
          } finally {
            // Every write refetches every query: the case, its tiles and status move on.
            void queryClient.invalidateQueries();
          }
        }),
      },
      actions: {
        redirect: (_, { url }) => window.location.assign(url),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, { input: { caseId: expanded.id } });
  const { payment, outcome, error } = snapshot.context;
  const money = formatMoney(amount);

  if (snapshot.matches('starting')) return <Busy label={DEPOSIT_TEXTS.starting} />;
  if (snapshot.matches('redirecting')) return <Busy label={DEPOSIT_TEXTS.redirecting} />;
  if (snapshot.matches('paid')) {
    return (
      <Alert severity="success" role="status">
        {DEPOSIT_TEXTS.justPaid}
      </Alert>
    );
  }
  if (
    payment &&
    (snapshot.matches('awaitingLocalConfirmation') || snapshot.matches('confirming'))
  ) {
    const confirming = snapshot.matches('confirming');
    return (
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby={testHeadingId}
        data-testid="test-payment"
        sx={{ p: 2.5, borderColor: 'warning.main', borderWidth: 2 }}
      >
        <Stack spacing={2}>
          <Typography id={testHeadingId} variant="h2" sx={{ fontSize: '1.25rem' }}>
            {DEPOSIT_TEXTS.testHeading}
          </Typography>
          <Alert severity="warning">{DEPOSIT_TEXTS.testNote}</Alert>
          <Typography sx={{ fontSize: '1.5rem', fontWeight: 600 }}>
            {formatMoney(payment.amount)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {DEPOSIT_TEXTS.reference(payment.reference)}
          </Typography>
          {confirming ? (
            <Busy
              label={outcome === 'PAID' ? DEPOSIT_TEXTS.confirming : DEPOSIT_TEXTS.cancelling}
            />
          ) : (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
              <Button variant="contained" size="large" onClick={() => send({ type: 'CONFIRM' })}>
                {DEPOSIT_TEXTS.confirm}
              </Button>
              <Button variant="outlined" size="large" onClick={() => send({ type: 'CANCEL' })}>
                {DEPOSIT_TEXTS.cancel}
              </Button>
            </Stack>
          )}
        </Stack>
      </Paper>
    );
  }
  return (
    <Stack spacing={2}>
      {snapshot.matches('cancelled') && (
        <Alert severity="info" role="status">
          {DEPOSIT_TEXTS.cancelled}
        </Alert>
      )}
      {snapshot.matches('failed') && (
        <Alert severity="error" role="alert">
          {failureText(error)}
        </Alert>
      )}
      {expanded.depositPayment?.startedByYou && (
        <Typography color="text.secondary">
          {DEPOSIT_TEXTS.yoursInProgress(formatDateTime(expanded.depositPayment.startedAt))}
        </Typography>
      )}
      <WorkStartConsent
        wording={wording.data}
        failed={wording.isError}
        checked={ticked}
        onChange={setTicked}
      />
      <Box>
        <Button
          variant="contained"
          size="large"
          disabled={!ticked || !wording.data}
          onClick={() => send({ type: snapshot.matches('failed') ? 'RETRY' : 'PAY' })}
        >
          {DEPOSIT_TEXTS.pay(money)}
        </Button>
      </Box>
    </Stack>
  );
}
