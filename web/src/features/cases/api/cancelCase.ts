import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { CancelCaseBody, CancelCaseResult } from '../../../lib/api/types';

/** POST /broker-cancel-case {caseId, caseType}. */
export async function cancelCase(body: CancelCaseBody): Promise<CancelCaseResult> {
  return unwrap(await api().POST('/broker-cancel-case', { body }));
}

export function useCancelCase() {
  return useMutation({ mutationKey: ['cases', 'cancel'], mutationFn: cancelCase });
}
