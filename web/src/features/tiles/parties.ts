import type { ExpandedCase, Me, Owner } from '../../lib/api/types';
import { kindOf } from '../application';
import { PARTY_WORDS, type PartyWords } from './texts';

/** The case's owners (a remortgage) or buyers (a purchase), and its words for them. */
export { partiesOf } from '../application';

export function partyWordsOf(expanded: ExpandedCase): PartyWords {
  return PARTY_WORDS[kindOf(expanded)];
}

/** The signed-in user's own owner or buyer row (its `user.id` is theirs), or null (a broker). */
export function ownParty(parties: readonly Owner[], me: Me | null): Owner | null {
  if (!me) return null;
  return parties.find((o) => o.user.id === me.id) ?? null;
}

/** The parties other than `own`, in the case's order. */
export function otherParties(parties: readonly Owner[], own: Owner | null): Owner[] {
  return parties.filter((o) => o.id !== own?.id);
}

/** How an owner or buyer is named to the others: by the name they go by. */
export function partyName(party: Owner, words: PartyWords): string {
  return party.user.preferredName || words.one.charAt(0).toUpperCase() + words.one.slice(1);
}

export type GeneratedDocument = ExpandedCase['documents']['generatedDocuments'][number];
export type CaseDocument = ExpandedCase['documents']['documents'][number];

/**
 * The latest issued (non-draft) document of this type: the last in the case's list, as the
 * engine reads it. Customers never receive drafts, but a draft is never offered even if one
 * came (DOCS-09).
 */
export function latestIssued(
  expanded: Pick<ExpandedCase, 'documents'>,
  documentType: string,
): GeneratedDocument | null {
  const issued = expanded.documents.generatedDocuments.filter(
    (d) => d.documentType === documentType && !d.isDraft,
  );
  return issued[issued.length - 1] ?? null;
}

/** When the owner or buyer accepted this document (DOCS-10), or null. */
export function acceptedAt(party: Owner, documentId: number): string | null {
  return party.documentAcceptances.find((a) => a.documentId === documentId)?.acceptedAt ?? null;
}

/** The uploads of these types, in the case's order. */
export function uploadsOf(
  expanded: Pick<ExpandedCase, 'documents'>,
  documentTypes: readonly string[],
): CaseDocument[] {
  return expanded.documents.documents.filter((d) => documentTypes.includes(d.documentType));
}

/** The latest upload of this type (for identity evidence, the server lists only the uploader's own). */
export function latestUpload(
  expanded: Pick<ExpandedCase, 'documents'>,
  documentType: string,
): CaseDocument | null {
  const uploads = uploadsOf(expanded, [documentType]);
  return uploads[uploads.length - 1] ?? null;
}
