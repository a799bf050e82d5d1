import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Loading } from '../../components/Loading';
import { PageHeading } from '../../components/PageHeading';
import { RouterLink } from '../../components/RouterLink';
import { StatusChip } from '../../components/StatusChip';
import type { ExpandedCase } from '../../lib/api/types';
import { useSession } from '../../features/auth';
import { CASE_TYPE, LIST_TITLE, useCase, type CaseKind } from '../../features/cases';
import {
  CancelCaseDialog,
  CaseContext,
  CaseTimeline,
  SectionList,
  type CancelTarget,
} from '../../features/cases/lazy';
import { CaseConversation } from '../../features/conversation';
import { askForFeedback, FeedbackPrompt } from '../../features/feedback';
import { BrokerInvitations } from '../../features/invitations';
import { SourceOfFundsEntry } from '../../features/sourceOfFunds';
import { CompletedSummary } from './CompletedSummary';

export function caseTitle(expanded: ExpandedCase): string {
  return (
    expanded.property?.formattedAddress || expanded.property?.addressLine1 || `Case ${expanded.id}`
  );
}

/**
 * FEEDBACK-04: a completed case asks its customer for feedback (POST_COMPLETION) on the case
 * page, unless they answered or dismissed feedback on it already, at this point or an earlier
 * one (`feedbackGiven`, FEEDBACK-11; issue 26: asked once per case). Brokers are not asked.
 */
function usePostCompletionFeedback(expanded: ExpandedCase | undefined, isBroker: boolean) {
  const completed = expanded?.status === 'COMPLETED';
  const given = !expanded || expanded.feedbackGiven.length > 0;
  const caseType = expanded?.caseType;
  const id = expanded?.id;
  useEffect(() => {
    if (completed && !given && !isBroker && caseType && id !== undefined) {
      askForFeedback({ feedbackPoint: 'POST_COMPLETION', caseType, caseId: id });
    }
  }, [completed, given, isBroker, caseType, id]);
}

/**
 * /remortgaging/{caseId} and /buying/{caseId}: a way back to the list, where the case stands,
 * and the sections or tiles with the engine's states. A closed case (cancelled, ineligible,
 * completed) shows no sections: nothing on it is pending any more. A submitted one keeps its
 * tiles (REM-POST-01, BUY-POST-01: cancelled and completed cases are submitted), to read what
 * was done; on a cancelled case the engine gives the rest as disabled, so nothing reads as
 * pending. An ineligible case was never submitted and shows neither.
 */
export function CasePage({ kind, caseId }: { kind: CaseKind; caseId: string }) {
  const query = useCase(kind, caseId);
  const { isBroker, sourceOfFundsEnabled } = useSession();
  const [cancelTarget, setCancelTarget] = useState<CancelTarget | null>(null);
  usePostCompletionFeedback(query.data, isBroker);
  if (query.isPending) return <Loading label="Loading case" />;
  if (query.isError) {
    return (
      <Alert severity="error" role="alert">
        Whoop&apos;s something went wrong loading the page please try reloading.
      </Alert>
    );
  }
  const expanded = query.data;
  const { view } = expanded;
  return (
    <Box sx={{ maxWidth: 880 }}>
      <Box sx={{ mb: 1 }}>
        <RouterLink to="/$caseType" params={{ caseType: kind }}>
          Back to {LIST_TITLE[kind]}
        </RouterLink>
      </Box>
      <PageHeading>{caseTitle(expanded)}</PageHeading>
      <Stack spacing={2} sx={{ mb: 3 }}>
        <Box>
          <StatusChip chip={view.chip} />
        </Box>
        {view.message && <Typography data-testid="status-message">{view.message}</Typography>}
        {view.canCancel && (
          <Box>
            <Button
              variant="outlined"
              color="error"
              onClick={() => setCancelTarget({ caseId: expanded.id, caseType: CASE_TYPE[kind] })}
            >
              Cancel
            </Button>
          </Box>
        )}
      </Stack>
      <Stack spacing={3}>
        {expanded.status === 'COMPLETED' && <CompletedSummary expanded={expanded} />}
        <CaseContext expanded={expanded} />
        <CaseTimeline expanded={expanded} />
        <CaseConversation kind={kind} caseId={caseId} />
        <BrokerInvitations expanded={expanded} />
        <SourceOfFundsEntry expanded={expanded} enabled={sourceOfFundsEnabled} />
        {!view.stage.closed && (
          <SectionList
            kind={kind}
            caseId={caseId}
            where="sections"
            items={view.sections}
            label="Application sections"
          />
        )}
        {view.submitted && (
          <SectionList
            kind={kind}
            caseId={caseId}
            where="tiles"
            items={view.tiles}
            label="Case progress"
          />
        )}
      </Stack>
      <CancelCaseDialog target={cancelTarget} onClose={() => setCancelTarget(null)} />
      <FeedbackPrompt
        caseType={expanded.caseType}
        caseId={expanded.id}
        feedbackGiven={expanded.feedbackGiven}
      />
    </Box>
  );
}
