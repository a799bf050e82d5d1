import type { ExpandedCase } from '../../../lib/api/types';
import { useSession } from '../../auth';
import { useMyDocuments, type DocumentRow } from '../../documents';

/**
 * The case's documents as rows of a document list. The expanded case gives each document's id
 * and type; a customer's own list (GET /documents) adds its file name and date. Brokers have no
 * such list and see the types only.
 */
export function useDocumentRows(
  expanded: ExpandedCase,
): (doc: { documentId: number; documentType: string }) => DocumentRow {
  const { isBroker } = useSession();
  const mine = useMyDocuments(!isBroker);
  const details = new Map<number, DocumentRow>();
  for (const c of mine.data?.cases ?? []) {
    if (c.caseType !== expanded.caseType || c.caseId !== expanded.id) continue;
    for (const d of c.documents) {
      details.set(d.documentId, {
        documentId: d.documentId,
        documentType: d.documentType,
        fileName: d.fileName,
        createdAt: d.createdAt,
      });
    }
  }
  return (doc) =>
    details.get(doc.documentId) ?? { documentId: doc.documentId, documentType: doc.documentType };
}
