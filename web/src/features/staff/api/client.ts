import { unwrap } from '../../../lib/api/errors';
import { reportIfSecondFactorRequired } from '../secondFactor';

/** unwrap, and a 403 `second_factor_required` also sends the user back to the gate. */
export function staffUnwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  try {
    return unwrap(result);
  } catch (error) {
    reportIfSecondFactorRequired(error);
    throw error;
  }
}
