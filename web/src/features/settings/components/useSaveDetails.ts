import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { ApiError } from '../../../lib/api/errors';
import { useSession } from '../../auth';
import { useSaveUserDetails, type DetailsChange } from '../api/saveUserDetails';
import type { UserDetails } from '../api/getUserDetails';
import { SETTINGS_TEXT } from '../validation';

/**
 * Saves one settings form: the server's 422 field messages go on the form's own fields, any
 * other refusal (409, 403, 5xx) is shown above its button; the input is kept either way. The
 * session learns a new preferred name at once (the sidebar shows it).
 */
export function useSaveDetails<K extends string>(
  userId: string,
  fields: readonly K[],
  setError: (field: K, error: { message: string }) => void,
) {
  const save = useSaveUserDetails(userId);
  const { me, send } = useSession();
  const { enqueueSnackbar } = useSnackbar();
  const [formError, setFormError] = useState<string | null>(null);

  async function submit(body: DetailsChange): Promise<UserDetails | null> {
    setFormError(null);
    try {
      const details = await save.mutateAsync(body);
      if (me) {
        send({
          type: 'USER_UPDATED',
          user: {
            preferredName: details.preferredName,
            email: details.email,
            isOnboarded: details.isOnboarded,
          },
        });
      }
      enqueueSnackbar(SETTINGS_TEXT.saved, { variant: 'success' });
      return details;
    } catch (error) {
      const problems = error instanceof ApiError ? error.fields : {};
      const matched = fields.filter((f) => problems[f]);
      for (const field of matched) setError(field, { message: problems[field] });
      if (matched.length === 0) {
        setFormError(
          error instanceof ApiError && error.status < 500
            ? error.message
            : SETTINGS_TEXT.saveFailed,
        );
      }
      return null;
    }
  }

  return { submit, formError, busy: save.isPending };
}
