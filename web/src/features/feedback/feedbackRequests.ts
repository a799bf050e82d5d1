import { useSyncExternalStore } from 'react';
import type { CaseType, FeedbackPoint } from '../../lib/api/types';

/** Which feedback point to ask about, for which case (spec §4: "opens for a feedback point, case type and case id"). */
export interface FeedbackRequest {
  feedbackPoint: FeedbackPoint;
  caseType: CaseType;
  caseId: number;
}

let current: FeedbackRequest | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/**
 * Asks for feedback once the screen that shows the case is on (e.g. after submitting the
 * application, the case page). The request outlives the navigation that follows the action.
 */
export function askForFeedback(request: FeedbackRequest): void {
  current = request;
  emit();
}

export function clearFeedbackRequest(): void {
  current = null;
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useFeedbackRequest(): FeedbackRequest | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
}
