import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { ApiError } from '../../../lib/api/errors';
import { statusLabel } from '../../../lib/labels';
import type { CaseKind } from '../../cases';
import { staffCaseQuery } from '../api/case';
import { isSecondFactorRequired } from '../secondFactor';
import { caseMovedTo, STAFF_TEXTS } from '../texts';

/** What a refused call says: the server's words for a 4xx, a general apology otherwise. */
export function problemOf(error: unknown): string {
  return error instanceof ApiError && error.status < 500
    ? error.message
    : STAFF_TEXTS.genericFailure;
}

/**
 * The toasts after the firm's steps: what was done and, when the workflow moved the case on
 * because of it, where to (the status's label as the fresh case shows it).
 */
export function useStepReport(kind: CaseKind, caseId: string) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  return {
    done(message: string, before: string, status?: string) {
      let text = message;
      if (status && status !== before) {
        // The case has been fetched again by now (the mutation waits for it).
        const fresh = queryClient.getQueryData(staffCaseQuery(kind, caseId).queryKey);
        const label = fresh && fresh.status === status ? fresh.chip.label : statusLabel(status);
        text = `${message} ${caseMovedTo(label)}`;
      }
      enqueueSnackbar(text, { variant: 'success' });
    },
    failed(error: unknown) {
      if (isSecondFactorRequired(error)) return; // the gate takes over the page
      enqueueSnackbar(problemOf(error), { variant: 'error' });
    },
  };
}
