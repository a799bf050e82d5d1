import type { Me, Owner, RemortgagingExpanded } from '../../lib/api/types';

/** The signed-in user's own owner row (its `user.id` is theirs), or null (a broker, say). */
export function ownOwner(owners: readonly Owner[], me: Me | null): Owner | null {
  if (!me) return null;
  return owners.find((o) => o.user.id === me.id) ?? null;
}

/** The owners other than `own`, in the case's order. */
export function otherOwners(owners: readonly Owner[], own: Owner | null): Owner[] {
  return owners.filter((o) => o.id !== own?.id);
}

/** How an owner is named to the other owners: by the name they go by. */
export function ownerName(owner: Owner): string {
  return owner.user.preferredName || 'Owner';
}

export type GeneratedDocument = RemortgagingExpanded['documents']['generatedDocuments'][number];

/**
 * The latest issued (non-draft) document of this type: the last in the case's list, as the
 * engine reads it. Customers never receive drafts, but a draft is never offered even if one
 * came (DOCS-09).
 */
export function latestIssued(
  expanded: Pick<RemortgagingExpanded, 'documents'>,
  documentType: string,
): GeneratedDocument | null {
  const issued = expanded.documents.generatedDocuments.filter(
    (d) => d.documentType === documentType && !d.isDraft,
  );
  return issued[issued.length - 1] ?? null;
}

/** When the owner accepted this document (DOCS-10), or null. */
export function acceptedAt(owner: Owner, documentId: number): string | null {
  return owner.documentAcceptances.find((a) => a.documentId === documentId)?.acceptedAt ?? null;
}

/** The latest upload of this type (for identity evidence, the server lists only the uploader's own). */
export function latestUpload(
  expanded: Pick<RemortgagingExpanded, 'documents'>,
  documentType: string,
): { documentId: number; documentType: string } | null {
  const uploads = expanded.documents.documents.filter((d) => d.documentType === documentType);
  return uploads[uploads.length - 1] ?? null;
}
