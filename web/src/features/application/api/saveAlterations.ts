import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { AlterationsBody, Created } from '../../../lib/api/types';

/**
 * POST /property/alterations {caseType, caseId, hasAlterations, alteration?}: 201 {id} when an
 * alteration is added, else 204 (null here). `hasAlterations: false` while alterations are
 * listed is refused (409 `alterations_listed`).
 */
export async function saveAlterations(body: AlterationsBody): Promise<Created | null> {
  const result = await api().POST('/property/alterations', { body });
  const data = unwrap(result);
  return result.response.status === 201 ? (data as Created) : null;
}

export function useSaveAlterations() {
  return useMutation({ mutationKey: ['application', 'alterations'], mutationFn: saveAlterations });
}
