import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

/** DELETE /document/{documentId} → 204: the document goes and its required slot is empty again. */
export async function deleteDocument(documentId: number): Promise<void> {
  unwrap(
    await api().DELETE('/document/{documentId}', {
      params: { path: { documentId: String(documentId) } },
    }),
  );
}

export function useDeleteDocument() {
  return useMutation({
    mutationKey: ['application', 'documents', 'delete'],
    mutationFn: deleteDocument,
  });
}
