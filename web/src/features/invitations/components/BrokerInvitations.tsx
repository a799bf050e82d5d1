import { Alert, Box, Button, List, ListItem, Stack, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useId } from 'react';
import { ApiError } from '../../../lib/api/errors';
import type { ExpandedCase, Invitation } from '../../../lib/api/types';
import { formatDate } from '../../../lib/format';
import { useSession } from '../../auth';
import { RouterLink } from '../../../components/RouterLink';
import { SectionCard } from '../../../components/SectionCard';
import { parseCaseKind } from '../../cases';
import { QuotePdfButton } from '../../documents';
import { useResendQuote } from '../api/resendQuote';
import { useSendQuote } from '../api/sendQuote';

/** The workflow step that sends the quote and invitation (workflows/*.toml). */
export const SEND_TRANSITION = 'send_to_customer';

export const BROKER_TEXTS = {
  heading: 'Quote and invitations',
  send: 'Send quote',
  sent: 'Quote sent',
  resend: 'Resend',
  resent: 'Invitation sent again',
  invitations: 'Invitations',
  failed: 'Something went wrong, please try again.',
  quote: 'Read the quote and any issues reported about it',
  documents: "This case's documents",
} as const;

function errorText(error: unknown): string {
  return error instanceof ApiError && error.status < 500 ? error.message : BROKER_TEXTS.failed;
}

/** Sent / opened / accepted or declined, with dates as dd/MM/yyyy. */
export function invitationLines(invitation: Invitation): string[] {
  const sent = `Sent ${formatDate(invitation.sentAt)}${
    invitation.sendCount > 1 ? ` (${invitation.sendCount} times)` : ''
  }`;
  const opened = invitation.openedAt
    ? `Opened ${formatDate(invitation.openedAt)}`
    : 'Not opened yet';
  let answer = 'Waiting for an answer';
  if (invitation.respondedAt && invitation.accepted === true) {
    answer = `Accepted ${formatDate(invitation.respondedAt)}`;
  } else if (invitation.respondedAt && invitation.accepted === false) {
    answer = `Declined ${formatDate(invitation.respondedAt)}`;
  }
  return [sent, opened, answer];
}

/**
 * The broker's side of the quote (QUOTE-12): 'Send quote' when the engine offers the
 * send_to_customer step (disabled, with its reason, when not allowed now), and each invitee's
 * invitation with a 'Resend' button. Nothing here decides a rule: the offer, its reason and the
 * invitations all come with the expanded case. Brokers can also download the quote as a PDF.
 */
export function BrokerInvitations({ expanded }: { expanded: ExpandedCase }) {
  const send = expanded.view.transitions.find((t) => t.name === SEND_TRANSITION);
  const invitations = expanded.invitations;
  const sendQuote = useSendQuote();
  const resend = useResendQuote();
  const { enqueueSnackbar } = useSnackbar();
  const reasonId = useId();
  const { isBroker } = useSession();
  // The quote PDF is the broker's to hand over (issue 11): offered once the case has a quote.
  const quotePdf = isBroker && expanded.quote != null;
  if (!send && invitations.length === 0 && !quotePdf) return null;
  const ref = { caseType: expanded.caseType, caseId: expanded.id };
  const kind = parseCaseKind(expanded.caseType) ?? 'remortgaging';

  return (
    <SectionCard title={BROKER_TEXTS.heading}>
      <Stack spacing={2}>
        {send && (
          <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Button
              variant="contained"
              disabled={!send.allowed || sendQuote.isPending}
              aria-describedby={!send.allowed && send.reason ? reasonId : undefined}
              onClick={() =>
                sendQuote.mutate(ref, {
                  onSuccess: () => enqueueSnackbar(BROKER_TEXTS.sent, { variant: 'success' }),
                })
              }
            >
              {BROKER_TEXTS.send}
            </Button>
            {!send.allowed && send.reason && (
              <Typography id={reasonId} variant="body2" color="text.secondary">
                {send.reason}
              </Typography>
            )}
          </Stack>
        )}
        {quotePdf && (
          <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
            <QuotePdfButton caseRef={ref} />
            <RouterLink
              to="/$caseType/$caseId/application/$section"
              params={{ caseType: kind, caseId: String(expanded.id), section: 'quote' }}
            >
              {BROKER_TEXTS.quote}
            </RouterLink>
            <RouterLink
              to="/documents/$caseType/$caseId"
              params={{ caseType: kind, caseId: String(expanded.id) }}
            >
              {BROKER_TEXTS.documents}
            </RouterLink>
          </Stack>
        )}
        {sendQuote.isError && (
          <Alert severity="error" role="alert">
            {errorText(sendQuote.error)}
          </Alert>
        )}
        {resend.isError && (
          <Alert severity="error" role="alert">
            {errorText(resend.error)}
          </Alert>
        )}
        {invitations.length > 0 && (
          <List aria-label={BROKER_TEXTS.invitations} disablePadding>
            {invitations.map((invitation) => (
              <ListItem
                key={invitation.applicantId}
                divider
                disableGutters
                data-applicant={invitation.applicantId}
                sx={{ display: 'block' }}
              >
                <Stack
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={1}
                  sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
                >
                  <Box sx={{ minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {invitation.preferredName}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {invitationLines(invitation).join(' · ')}
                    </Typography>
                  </Box>
                  <Button
                    variant="outlined"
                    size="small"
                    sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
                    aria-label={`${BROKER_TEXTS.resend} to ${invitation.preferredName}`}
                    disabled={invitation.respondedAt != null || resend.isPending}
                    onClick={() =>
                      resend.mutate(
                        { applicantId: invitation.applicantId, ...ref },
                        {
                          onSuccess: () =>
                            enqueueSnackbar(BROKER_TEXTS.resent, { variant: 'success' }),
                        },
                      )
                    }
                  >
                    {BROKER_TEXTS.resend}
                  </Button>
                </Stack>
              </ListItem>
            ))}
          </List>
        )}
      </Stack>
    </SectionCard>
  );
}
