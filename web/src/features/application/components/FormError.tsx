import { Alert } from '@mui/material';
import { GenericError } from '../../../components/GenericError';
import { isApiError } from '../../../lib/api/errors';
import { OWNERS_TEXTS } from '../ownersTexts';
import { formFieldFor } from '../validation';

/**
 * The Owners and Transfer of Equity wording of a failed write: any 4xx is the server's sentence —
 * its field problems that no field of the form shows (`fields`, as for applyServerErrors), else
 * its message; anything else (5xx, network) is their generic text.
 */
export function ownersFailureText(error: unknown, fields: Record<string, string> = {}): string {
  if (isApiError(error) && error.status >= 400 && error.status < 500) {
    const rest = Object.entries(error.fields)
      .filter(([name]) => !formFieldFor(fields, name))
      .map(([, message]) => message);
    return rest.length > 0 ? rest.join(' ') : error.message;
  }
  return OWNERS_TEXTS.genericError;
}

/**
 * A failed write that no field can show, as an alert. The sections were written with two
 * wordings, both kept:
 * - without `fields` (Property Details, Alterations, Financial Details, Review & Submit): the
 *   server's refusals (409: the section is closed, the case is closed, a rule such as "Remove the
 *   alterations first."; 422 on a field the form does not have; 413) are sentences for people and
 *   are shown as they are; anything else is the generic error;
 * - with `fields` (Owners, Transfer of Equity: the form's server-field map, `{}` for none):
 *   `ownersFailureText`.
 */
export function FormError({ error, fields }: { error: unknown; fields?: Record<string, string> }) {
  if (!error) return null;
  if (fields) {
    return (
      <Alert severity="error" role="alert">
        {ownersFailureText(error, fields)}
      </Alert>
    );
  }
  if (isApiError(error) && (error.status === 409 || error.status === 422 || error.status === 413)) {
    return (
      <Alert severity="error" role="alert">
        {error.message}
      </Alert>
    );
  }
  return <GenericError />;
}
