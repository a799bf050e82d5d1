import { ApiError } from '../../../lib/api/errors';
import { isSecondFactorRequired, isStepUpRequired } from '../secondFactor';
import { STAFF_TEXTS } from '../texts';
import { problemOf } from './useStepReport';

/**
 * The forms of the steps that need a fresh code from the authenticator app (step-up): a
 * transition whose `stepUp` says so, deleting a document. The code is typed in CodeField.
 */

/** The code as sent: the spaces typed between its digits dropped. */
export const typedCode = (code: string) => code.replace(/\s+/g, '');

/** The code field's check before sending (react-hook-form's `validate`): six digits. */
export const checkCode = (code: string) =>
  /^\d{6}$/.test(typedCode(code)) || STAFF_TEXTS.codeInvalid;

/**
 * A refused step shown on its form: a code asked for or refused (403 `step_up_required`) on the
 * code field, the problems (422) of `fields` on their fields, anything else above them in the
 * server's words (a general apology for a 5xx). Nothing when the gate takes over the page (the
 * session's second factor is no longer proven).
 */
export function showRefusal<F extends string>(
  error: unknown,
  fields: readonly F[],
  show: {
    field: (name: F | 'code', message: string) => void;
    problem: (message: string) => void;
    /** The server asked for a code: the form shows its code field if it did not already. */
    stepUp?: () => void;
  },
): void {
  if (isSecondFactorRequired(error)) return;
  if (isStepUpRequired(error)) {
    show.stepUp?.();
    show.field('code', (error as ApiError).message);
    return;
  }
  if (error instanceof ApiError && error.status === 422) {
    const known = fields.filter((name) => error.fields[name]);
    for (const name of known) show.field(name, error.fields[name]);
    if (known.length > 0) return;
  }
  show.problem(problemOf(error));
}
