import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

/**
 * POST /buying/{caseId}/sources-of-funds/{sourceId}/open-banking → {authUrl}: the open-banking
 * provider's page where the buyer picks their bank and consents to share 12 months of the
 * account's statements. 409 `open_banking_off` when the firm has no provider (upload instead).
 */
export async function connectBank(caseId: string, sourceId: number): Promise<string> {
  const { authUrl } = unwrap(
    await api().POST('/buying/{caseId}/sources-of-funds/{sourceId}/open-banking', {
      params: { path: { caseId, sourceId } },
    }),
  );
  return authUrl;
}

/** Starts the consent and leaves for the provider's page (the bank sends the buyer back). */
export function useConnectBank(caseId: string, sourceId: number) {
  return useMutation({
    mutationKey: ['sourceOfFunds', caseId, sourceId, 'open-banking'],
    mutationFn: () => connectBank(caseId, sourceId),
    onSuccess: (authUrl) => window.location.assign(authUrl),
  });
}
