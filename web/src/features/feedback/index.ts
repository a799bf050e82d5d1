// The feedback dialog (spec §2, §4, §5, §8): asked for after submitting an application,
// accepting the completion statement and after completion.
export { FeedbackDialog } from './components/FeedbackDialog';
export { FeedbackPrompt } from './components/FeedbackPrompt';
export { askForFeedback, clearFeedbackRequest, type FeedbackRequest } from './feedbackRequests';
export { FEEDBACK_TEXTS } from './texts';
