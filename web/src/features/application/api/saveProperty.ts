import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { PropertyBody } from '../../../lib/api/types';

/**
 * POST /property {caseType, caseId, landOwnership, propertyType, tenure} → 204 (Property
 * Details). The query client refetches the case after it, so the engine's states follow.
 */
export async function saveProperty(body: PropertyBody): Promise<void> {
  unwrap(await api().POST('/property', { body }));
}

export function useSaveProperty() {
  return useMutation({ mutationKey: ['application', 'property'], mutationFn: saveProperty });
}
