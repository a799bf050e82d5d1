import CheckCircle from '@mui/icons-material/CheckCircle';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  LinearProgress,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useId, useState } from 'react';
import { fromPromise } from 'xstate';
import { isApiError } from '../../../lib/api/errors';
import type { BuyingExpanded } from '../../../lib/api/types';
import { reportError } from '../../../lib/errorReporter';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { useSession } from '../../auth';
import { caseQuery } from '../../cases';
import { QUOTE_LABELS } from '../../invitations';
import { answerLocalPayment, startDepositPayment } from '../api/depositPayment';
import { workStartQuery } from '../api/workStart';
import { depositMachine } from '../machines/depositMachine';
import { ownParty, partyName } from '../parties';
import { DEPOSIT_TEXTS, PARTY_WORDS } from '../texts';
import { CancellationNote, WorkStartConsent } from './WorkStartConsent';

/** How often the case is asked again while the provider's confirmation is awaited. */
export const DEPOSIT_POLL_MS = 3000;

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

/**
 * Back from the provider's checkout with ?payment=success: the provider tells the server, so the
 * case is asked again every few seconds until it holds `deposit.paidAt`.
 */
function useConfirmationPoll(caseId: string, waiting: boolean) {
  useQuery({
    ...caseQuery('buying', caseId),
    enabled: waiting,
    refetchInterval: (query) => (query.state.data?.deposit.paidAt ? false : DEPOSIT_POLL_MS),
  });
}

type PaymentInProgress = NonNullable<BuyingExpanded['depositPayment']>;

/**
 * Another buyer's payment is open: the case has one payable payment at a time, so this reader
 * is told it is in progress, by whom and until when, instead of being offered a second Pay.
 */
function InProgress({
  expanded,
  progress,
}: {
  expanded: BuyingExpanded;
  progress: PaymentInProgress;
}) {
  const starter = expanded.buyers.find((b) => b.id === progress.startedBy);
  const who = starter ? partyName(starter, PARTY_WORDS.buying) : DEPOSIT_TEXTS.anotherBuyer;
  return (
    <Alert severity="info" role="status" data-testid="deposit-in-progress">
      <AlertTitle component="p">{DEPOSIT_TEXTS.inProgress}</AlertTitle>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {DEPOSIT_TEXTS.inProgressBy(who, formatDateTime(progress.startedAt))}
      </Typography>
      <Typography variant="body2">
        {DEPOSIT_TEXTS.inProgressUntil(formatDateTime(progress.expiresAt))}
      </Typography>
    </Alert>
  );
}

/** The buyer's Pay button and the payment flow that follows it (the deposit machine). */
function Payment({ expanded, amount }: { expanded: BuyingExpanded; amount: number }) {
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

/**
 * /buying/{caseId}/deposit (BUY-POST-10..12): the quote's up-front payment (`quote.deposit`,
 * pence) and its terms; 'Paid on …' once the case holds `deposit.paidAt`. A buyer pays it here
 * (Payment): through the provider's checkout, which comes back with ?payment=success (the case
 * is asked again until the payment shows) or ?payment=cancelled, or, on an installation without a
 * provider, through a clearly marked test panel. The case has one payable payment at a time
 * (`depositPayment`): while another buyer's is open this page says a payment is in progress,
 * with no Pay; the buyer who started it carries on with the same one. Whether the tile is open
 * is the server's (the route's guard); a refusal is shown in the server's words.
 */
export function DepositTile({ caseId, expanded }: { caseId: string; expanded: BuyingExpanded }) {
  const { me } = useSession();
  const { payment: returned } = useSearch({ from: '/protected/$caseType/$caseId/$tile' });
  const paidAt = expanded.deposit.paidAt;
  const amount = expanded.quote?.deposit;
  const buyer = ownParty(expanded.buyers, me);
  // One payable payment per case: someone else's open one is shown, not a second Pay.
  const othersPayment =
    expanded.depositPayment && !expanded.depositPayment.startedByYou
      ? expanded.depositPayment
      : null;
  useConfirmationPoll(caseId, returned === 'success' && !paidAt);

  const summary = amount != null && (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {DEPOSIT_TEXTS.amountLabel}
      </Typography>
      <Typography sx={{ fontSize: '1.75rem', fontWeight: 600 }} data-testid="deposit-amount">
        {formatMoney(amount)}
      </Typography>
    </Box>
  );

  if (paidAt) {
    return (
      <Stack spacing={3}>
        {summary}
        <Alert
          severity="success"
          icon={<CheckCircle aria-hidden="true" />}
          data-testid="deposit-state"
          data-state="paid"
        >
          <AlertTitle component="p">{DEPOSIT_TEXTS.paid(formatDate(paidAt))}</AlertTitle>
          {DEPOSIT_TEXTS.paidNote}
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack spacing={3} data-testid="deposit-state" data-state="unpaid">
      {summary}
      <Typography data-testid="deposit-terms">
        {expanded.quote?.depositTerms || QUOTE_LABELS.depositNote}
      </Typography>
      <CancellationNote />
      {returned === 'success' ? (
        <Stack spacing={2}>
          <Alert severity="info" role="status">
            {DEPOSIT_TEXTS.returnedSuccess}
          </Alert>
          <LinearProgress aria-label={DEPOSIT_TEXTS.returnedSuccess} />
        </Stack>
      ) : (
        <>
          {returned === 'cancelled' && (
            <Alert severity="info" role="status">
              {DEPOSIT_TEXTS.cancelled}
            </Alert>
          )}
          {amount == null ? (
            <Alert severity="warning">{DEPOSIT_TEXTS.noAmount}</Alert>
          ) : othersPayment ? (
            <InProgress expanded={expanded} progress={othersPayment} />
          ) : buyer ? (
            <Payment expanded={expanded} amount={amount} />
          ) : (
            <Typography color="text.secondary">{DEPOSIT_TEXTS.buyersPay}</Typography>
          )}
        </>
      )}
    </Stack>
  );
}
