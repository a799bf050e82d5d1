import CheckCircle from '@mui/icons-material/CheckCircle';
import { Alert, Box, Button, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { fromPromise } from 'xstate';
import { isApiError } from '../../../lib/api/errors';
import type { ExpandedCase, FeedbackPoint, SectionState } from '../../../lib/api/types';
import { reportError } from '../../../lib/errorReporter';
import { formatDate } from '../../../lib/format';
import { useSession } from '../../auth';
import { acceptDocument } from '../api/acceptDocument';
import { acceptanceMachine } from '../machines/acceptanceMachine';
import {
  acceptedAt,
  otherParties,
  ownParty,
  partiesOf,
  partyName,
  partyWordsOf,
  type GeneratedDocument,
} from '../parties';
import { ACCEPT_TEXTS, PARTIES_TEXTS } from '../texts';

function failureText(error: unknown): string {
  // A refusal the server explains (e.g. the step is not open any more) is said in its words.
  if (isApiError(error, 409)) return error.message;
  return ACCEPT_TEXTS.acceptFailed;
}

/**
 * Who has accepted an issued document, and this owner's or buyer's Accept (REM-POST-11/15,
 * BUY-POST-09/21, DOCS-09/10): offered only to an owner or buyer of the case who has not accepted it, never for a draft, and not
 * while the tile is locked. Accepting runs the acceptance machine; the refetched case then
 * holds the server's record ('You accepted this on …'). Mount with `key={document.documentId}`.
 */
export function AcceptancePanel({
  expanded,
  document,
  tileState,
  feedbackPoint,
  acceptedToast,
}: {
  expanded: ExpandedCase;
  document: GeneratedDocument;
  tileState: SectionState | undefined;
  feedbackPoint: FeedbackPoint | null;
  acceptedToast: string;
}) {
  const { me } = useSession();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const othersId = useId();
  const hintId = useId();
  const [machine] = useState(() =>
    acceptanceMachine.provide({
      actors: {
        accept: fromPromise(async ({ input }) => {
          try {
            return await acceptDocument(input.documentId);
          } catch (error) {
            reportError(error, { flow: 'accept_document' });
            throw error;
          } finally {
            // Every write refetches every query: the case, its tiles and status move on.
            void queryClient.invalidateQueries();
          }
        }),
      },
      actions: {
        announceAccepted: () => enqueueSnackbar(acceptedToast, { variant: 'success' }),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, {
    input: {
      documentId: document.documentId,
      caseType: expanded.caseType,
      caseId: expanded.id,
      feedbackPoint,
    },
  });

  const parties = partiesOf(expanded);
  const words = partyWordsOf(expanded);
  const own = ownParty(parties, me);
  const ownAcceptedAt =
    (own && acceptedAt(own, document.documentId)) ??
    (snapshot.matches('accepted') ? snapshot.context.acceptedAt : null);
  const canAccept =
    own !== null &&
    !ownAcceptedAt &&
    !document.isDraft &&
    tileState !== 'LOCKED' &&
    tileState !== 'HIDDEN' &&
    tileState !== 'IS_DISABLED';
  const accepting = snapshot.matches('accepting');
  const others = otherParties(parties, own);

  return (
    <Stack spacing={3}>
      {ownAcceptedAt && (
        <Typography
          data-testid="own-acceptance"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, fontWeight: 600 }}
          color="success.main"
        >
          <CheckCircle aria-hidden="true" />
          {ACCEPT_TEXTS.youAccepted(formatDate(ownAcceptedAt))}
        </Typography>
      )}
      {canAccept && (
        <Stack spacing={1.5}>
          <Typography id={hintId}>{ACCEPT_TEXTS.acceptHint}</Typography>
          <Box>
            <Button
              variant="contained"
              size="large"
              aria-describedby={hintId}
              disabled={accepting}
              onClick={() => send({ type: snapshot.matches('failed') ? 'RETRY' : 'ACCEPT' })}
            >
              {accepting ? ACCEPT_TEXTS.accepting : ACCEPT_TEXTS.accept}
            </Button>
          </Box>
          {snapshot.matches('failed') && (
            <Alert severity="error" role="alert">
              {failureText(snapshot.context.error)}
            </Alert>
          )}
        </Stack>
      )}
      {others.length > 0 && (
        <Box component="section" aria-labelledby={othersId}>
          <Typography id={othersId} variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
            {own ? PARTIES_TEXTS.othersHeading(words) : PARTIES_TEXTS.partiesHeading(words)}
          </Typography>
          <List aria-labelledby={othersId} disablePadding>
            {others.map((party) => {
              const when = acceptedAt(party, document.documentId);
              return (
                <ListItem key={party.id} divider disableGutters data-accepted={!!when}>
                  <ListItemText
                    primary={partyName(party, words)}
                    secondary={
                      when
                        ? `${ACCEPT_TEXTS.otherAccepted} ${formatDate(when)}`
                        : ACCEPT_TEXTS.otherNotYet
                    }
                  />
                </ListItem>
              );
            })}
          </List>
        </Box>
      )}
    </Stack>
  );
}
