import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { GenericError } from '../../../components/GenericError';
import { Loading } from '../../../components/Loading';
import { useSessionActor } from '../../auth';
import { CASE_TYPE, parseCaseKind } from '../../cases';
import { FEED_KINDS, type PendingInvitation } from '../../notifications';
import { useDonorGift } from '../api/getDonorGift';
import { invitationActors } from '../invitationActors';
import {
  invitationMachine,
  invitationScreen,
  isBusy,
  type InvitationVariant,
} from '../machines/invitationMachine';
import { QUOTE_LABELS, QUOTE_TEXTS } from '../texts';
import { Intro } from './InvitationIntro';
import { QuoteChanged } from './QuoteChanged';
import { QuoteDetails } from './QuoteDetails';
import { ReportIssueDialog } from './ReportIssueDialog';

export function variantOf(pending: PendingInvitation): InvitationVariant {
  switch (pending.kind) {
    case FEED_KINDS.quote:
      return pending.item.data.isLender ? 'lender' : 'quote';
    case FEED_KINDS.invitation:
      return 'invitation';
    default:
      return 'donor';
  }
}

const TITLES: Record<InvitationVariant, string> = {
  quote: QUOTE_TEXTS.quoteTitle,
  lender: QUOTE_TEXTS.lenderTitle,
  invitation: QUOTE_TEXTS.invitationTitle,
  donor: QUOTE_TEXTS.donorTitle,
};

/**
 * The modal for one pending feed item (spec sections 2 and 4, INVITE-01..12), driven by the
 * invitation machine. One dialog for every screen, so focus stays inside it: each new screen
 * moves focus to its heading.
 */
export function InvitationModal({
  pending,
  onDone,
}: {
  pending: PendingInvitation;
  onDone: (itemId: number) => void;
}) {
  const kind = parseCaseKind(pending.caseType) ?? 'remortgaging';
  const variant = variantOf(pending);
  const data = pending.item.data;
  const gift = useDonorGift(String(pending.caseId), variant === 'donor');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const session = useSessionActor();

  const [machine] = useState(() =>
    invitationMachine.provide({
      actors: invitationActors({
        // Read when each call is made: the token in the session may have been renewed.
        knockToken: () => session.getSnapshot().context.me?.knockToken ?? null,
        queryClient,
      }),
      actions: {
        goToCase: () => {
          void navigate({
            to: '/$caseType/$caseId',
            params: { caseType: kind, caseId: String(pending.caseId) },
          });
        },
        goToGift: () => {
          void navigate({ to: '/gift/$caseId', params: { caseId: String(pending.caseId) } });
        },
        logout: () => session.send({ type: 'LOGOUT' }),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, {
    input: { itemId: pending.item.id, kind, caseId: pending.caseId, variant },
  });
  const screen = invitationScreen(snapshot);
  const busy = isBusy(snapshot);
  const fullScreen = useMediaQuery((t: Theme) => t.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);

  const itemId = pending.item.id;
  useEffect(() => {
    if (screen === 'done') onDone(itemId);
  }, [screen, itemId, onDone]);

  // A new screen replaces the buttons that had focus: take it to the new heading.
  useEffect(() => {
    if (screen !== 'loading' && screen !== 'done') titleRef.current?.focus();
  }, [screen]);

  let title: string = TITLES[variant];
  let content: ReactNode = null;
  let actions: ReactNode = null;
  switch (screen) {
    case 'loading':
      content = <Loading label={QUOTE_LABELS.loading} />;
      break;
    case 'showing': {
      const quote = snapshot.context.quote;
      content = (
        <>
          <Intro variant={variant} kind={kind} data={data} gift={gift.data} />
          {/* Only customers are asked to accept a quote here: a re-quote says so in their words. */}
          {quote && <QuoteChanged quote={quote} isBroker={false} />}
          {quote && <QuoteDetails quote={quote} />}
        </>
      );
      actions =
        variant === 'quote' ? (
          <>
            <Button disabled={busy} onClick={() => send({ type: 'REPORT' })}>
              {QUOTE_TEXTS.reportIssue}
            </Button>
            <Button variant="contained" disabled={busy} onClick={() => send({ type: 'ACCEPT' })}>
              {QUOTE_TEXTS.acceptQuote}
            </Button>
          </>
        ) : (
          <>
            <Button variant="outlined" disabled={busy} onClick={() => send({ type: 'DECLINE' })}>
              {variant === 'lender' ? QUOTE_TEXTS.declineInvitation : QUOTE_TEXTS.decline}
            </Button>
            <Button variant="contained" disabled={busy} onClick={() => send({ type: 'ACCEPT' })}>
              {variant === 'lender' ? QUOTE_TEXTS.acceptInvitation : QUOTE_TEXTS.accept}
            </Button>
          </>
        );
      break;
    }
    case 'thanked':
      title = QUOTE_LABELS.giftConfirmed;
      content = <Typography>{QUOTE_LABELS.giftConfirmedNote}</Typography>;
      actions = (
        <Button variant="contained" onClick={() => send({ type: 'CLOSE' })}>
          {QUOTE_TEXTS.close}
        </Button>
      );
      break;
    case 'declined':
      title = QUOTE_TEXTS.declined;
      actions = (
        <Button variant="contained" disabled={busy} onClick={() => send({ type: 'CLOSE' })}>
          {QUOTE_TEXTS.close}
        </Button>
      );
      break;
    case 'missing':
      title = QUOTE_TEXTS.missing;
      actions = (
        <Button variant="contained" disabled={busy} onClick={() => send({ type: 'CLOSE' })}>
          {QUOTE_TEXTS.closeMessage}
        </Button>
      );
      break;
    case 'failed':
      content = <GenericError />;
      actions = (
        <>
          <Button onClick={() => send({ type: 'CLOSE' })}>{QUOTE_TEXTS.close}</Button>
          <Button variant="contained" onClick={() => send({ type: 'RETRY' })}>
            {QUOTE_LABELS.retry}
          </Button>
        </>
      );
      break;
    case 'done':
      break;
  }

  return (
    <Dialog
      open={screen !== 'done'}
      // The overlay waits for an answer: neither Escape nor the backdrop closes it.
      onClose={() => {}}
      aria-labelledby={titleId}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      // The whole dialog scrolls, its buttons after the quote: a person reads the total, the
      // terms and the land-tax estimate before they reach 'Accept Quote & Continue' (a footer
      // pinned under a scrolling quote showed the button first, at 375 px above all).
      scroll="body"
      data-testid="invitation-modal"
      data-variant={variant}
    >
      {busy && <LinearProgress aria-label={QUOTE_LABELS.working} />}
      <DialogTitle
        id={titleId}
        component="h2"
        ref={titleRef}
        tabIndex={-1}
        sx={[{ outline: 'none' }, screen === 'loading' && visuallyHidden]}
      >
        {screen === 'loading' ? QUOTE_LABELS.loading : title}
      </DialogTitle>
      {content && <DialogContent dividers={screen === 'showing'}>{content}</DialogContent>}
      {actions && (
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1, p: 2 }}>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
            {actions}
          </Box>
        </DialogActions>
      )}
      {variant === 'quote' && (
        <ReportIssueDialog
          open={snapshot.matches({ showing: 'reporting' })}
          quoteId={snapshot.context.quote?.id ?? null}
          caseRef={{ caseType: CASE_TYPE[kind], caseId: pending.caseId }}
          brokerName={data.brokerPreferredName}
          brokerFirm={data.brokerFirm}
          onClose={() => send({ type: 'CLOSE_REPORT' })}
        />
      )}
    </Dialog>
  );
}
