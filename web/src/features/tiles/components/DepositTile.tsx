import CheckCircle from '@mui/icons-material/CheckCircle';
import { Alert, AlertTitle, Box, LinearProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import type { BuyingExpanded } from '../../../lib/api/types';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { useSession } from '../../auth';
import { caseQuery } from '../../cases';
import { QUOTE_LABELS } from '../../invitations';
import { ownParty, partyName } from '../parties';
import { DEPOSIT_TEXTS, PARTY_WORDS } from '../texts';
import { Payment } from './DepositPayment';
import { CancellationNote } from './WorkStartConsent';

/** How often the case is asked again while the provider's confirmation is awaited. */
export const DEPOSIT_POLL_MS = 3000;

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
