import { isApiError } from '../../lib/api/errors';

/**
 * Any staff call answering 403 `second_factor_required` (the session has not proved the second
 * factor, or no longer has) sends the user back to the gate. The gate listens here; the calls
 * report through ./api/client.ts's staffUnwrap.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export function onSecondFactorRequired(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function isSecondFactorRequired(error: unknown): boolean {
  return isApiError(error, 403) && error.code === 'second_factor_required';
}

/** A fresh code is needed before this step (403 `step_up_required`). */
export function isStepUpRequired(error: unknown): boolean {
  return isApiError(error, 403) && error.code === 'step_up_required';
}

export function reportIfSecondFactorRequired(error: unknown): void {
  if (isSecondFactorRequired(error)) for (const listener of [...listeners]) listener();
}
