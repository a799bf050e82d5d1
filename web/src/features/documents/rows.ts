import type { CaseDocuments, DocumentBody } from '../../lib/api/types';
import type { DocumentRow } from './components/DocumentList';

/** A customer's document (GET /documents) as a row. */
export function rowOf(doc: DocumentBody): DocumentRow {
  return {
    documentId: doc.documentId,
    documentType: doc.documentType,
    fileName: doc.fileName,
    createdAt: doc.createdAt,
  };
}

/**
 * The expanded case's documents (what a broker sees) as rows: uploaded and generated, drafts
 * left out (a draft is not a document of the case yet).
 */
export function expandedRows(documents: CaseDocuments): {
  uploaded: DocumentRow[];
  generated: DocumentRow[];
} {
  const uploaded = documents.documents.map((doc) => ({
    documentId: doc.documentId,
    documentType: doc.documentType,
  }));
  const generated = documents.generatedDocuments
    .filter((doc) => !doc.isDraft)
    .map((doc) => ({ documentId: doc.documentId, documentType: doc.documentType }));
  return { uploaded, generated };
}
