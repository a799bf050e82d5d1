import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { FeedbackBody } from '../../../lib/api/types';

/**
 * POST /feedback {caseType, caseId, feedbackPoint, message, rating} → 204. A dismissal sends
 * `rating: null` with an empty message. Once per user, case and point (409 `feedback_given`).
 */
export async function submitFeedback(body: FeedbackBody): Promise<void> {
  unwrap(await api().POST('/feedback', { body }));
}

export function useSubmitFeedback() {
  return useMutation({ mutationKey: ['feedback'], mutationFn: submitFeedback });
}
