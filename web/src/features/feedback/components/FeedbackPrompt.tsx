import type { CaseType, FeedbackPoint } from '../../../lib/api/types';
import { clearFeedbackRequest, useFeedbackRequest } from '../feedbackRequests';
import { FeedbackDialog } from './FeedbackDialog';

/**
 * Shows the feedback dialog on a case's screen when feedback was asked for about this case
 * (askForFeedback) and the case's `feedbackGiven` is empty: once per case and person.
 */
export function FeedbackPrompt({
  caseType,
  caseId,
  feedbackGiven,
}: {
  caseType: CaseType;
  caseId: number;
  feedbackGiven: readonly FeedbackPoint[];
}) {
  const request = useFeedbackRequest();
  const forThisCase =
    request && request.caseType === caseType && request.caseId === caseId ? request : null;
  return (
    <FeedbackDialog
      request={forThisCase}
      feedbackGiven={feedbackGiven}
      onClose={clearFeedbackRequest}
    />
  );
}
