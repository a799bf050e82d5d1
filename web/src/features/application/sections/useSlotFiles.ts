import { useMemo } from 'react';
import { useSession } from '../../auth';
import { useMyDocuments } from '../../documents';

/** An uploaded file as the slot shows it: its name and when it was uploaded. */
export interface SlotFile {
  fileName: string;
  createdAt: string;
}

/** documentId → file, from the documents the reader can list. */
export type SlotFiles = ReadonlyMap<number, SlotFile>;

const NO_FILES: SlotFiles = new Map();

/**
 * The file names and upload dates of a customer's documents (GET /documents, which names every
 * document of their cases). A broker cannot list a client's files; their slots name only what
 * they uploaded themselves on this page (the upload's answer).
 */
export function useSlotFiles(enabled: boolean): SlotFiles {
  const { isBroker } = useSession();
  const mine = useMyDocuments(enabled && !isBroker);
  return useMemo(() => {
    if (!mine.data) return NO_FILES;
    const files = new Map<number, SlotFile>();
    for (const entry of mine.data.cases) {
      for (const doc of entry.documents) files.set(doc.documentId, doc);
    }
    return files;
  }, [mine.data]);
}
