import type { BuyingExpanded, RequiredDocument } from '../../lib/api/types';

/**
 * The required-document slot that holds a source's evidence: the one of its document type among
 * the purchase's evidence of sources of funds, ISA statements, documents (a mortgage in
 * principle) and bank statements. None when the source needs no evidence (`evidenceType` null)
 * or the case asks for no such slot.
 */
export function evidenceSlot(
  expanded: Pick<BuyingExpanded, 'requiredDocuments'>,
  source: { evidenceType?: string | null },
): RequiredDocument | undefined {
  if (source.evidenceType == null) return undefined;
  const { sourceOfFundsDocuments, isaDocuments, documents, statements } =
    expanded.requiredDocuments;
  return [...sourceOfFundsDocuments, ...isaDocuments, ...documents, ...statements].find(
    (slot) => slot.documentType === source.evidenceType,
  );
}
