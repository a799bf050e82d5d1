import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { CaseMoved, CaseRef } from '../../../lib/api/types';

/**
 * POST /identity {caseId, caseType} → 200 {caseId, caseType, status}: the caller's photo ID and
 * selfie are submitted for the firm to check (`identitySubmittedAt`). 409 `documents_missing`
 * until both are uploaded (the message says what to do), `section_closed` at another stage.
 */
export async function submitIdentity(body: CaseRef): Promise<CaseMoved> {
  return unwrap(await api().POST('/identity', { body }));
}

/** After it, every query is refetched (the app's rule for writes): the case and its tiles move. */
export function useSubmitIdentity() {
  return useMutation({ mutationKey: ['tiles', 'identity'], mutationFn: submitIdentity });
}
