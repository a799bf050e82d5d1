import { lazy, Suspense } from 'react';
import type { CaseType, FeedbackPoint } from '../../../lib/api/types';
import { clearFeedbackRequest, useFeedbackRequest } from '../feedbackRequests';

// The dialog's form brings the form libraries: loaded only once feedback is asked for.
const FeedbackDialog = lazy(() =>
  import('./FeedbackDialog').then(({ FeedbackDialog }) => ({ default: FeedbackDialog })),
);

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
  // Without a request the dialog shows nothing.
  if (!forThisCase) return null;
  return (
    <Suspense fallback={null}>
      <FeedbackDialog
        request={forThisCase}
        feedbackGiven={feedbackGiven}
        onClose={clearFeedbackRequest}
      />
    </Suspense>
  );
}
