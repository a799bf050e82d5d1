import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { CompanyBody } from '../../../lib/api/types';

/**
 * POST /remortgaging/{caseId}/company {registeredName, companyNumber, registeredOffice,
 * officers} → 204: a company case's company as Companies House registers it, and which owners
 * are its directors and personal guarantors. A second call replaces the whole company.
 */
export async function saveCompany(caseId: string, body: CompanyBody): Promise<void> {
  unwrap(
    await api().POST('/remortgaging/{caseId}/company', { params: { path: { caseId } }, body }),
  );
}

export function useSaveCompany(caseId: string) {
  return useMutation({
    mutationKey: ['application', caseId, 'owners', 'company'],
    mutationFn: (body: CompanyBody) => saveCompany(caseId, body),
  });
}
