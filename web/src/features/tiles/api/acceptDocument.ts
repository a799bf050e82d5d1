import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { CaseMoved } from '../../../lib/api/types';

/**
 * POST /document/{documentId}/accept {} → 200 {caseId, caseType, status}: recorded in the
 * caller's `documentAcceptances` (DOCS-10); accepting again changes nothing. Once every owner has
 * accepted, the server moves the case on. A draft is 404; brokers 403; 409 `section_closed`.
 */
export async function acceptDocument(documentId: number): Promise<CaseMoved> {
  return unwrap(
    await api().POST('/document/{documentId}/accept', {
      params: { path: { documentId: String(documentId) } },
      body: {},
    }),
  );
}
