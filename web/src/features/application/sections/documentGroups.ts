import type { ExpandedCase, RemortgagingExpanded, RequiredDocument } from '../../../lib/api/types';
import { formatDate } from '../../../lib/format';
import { ALTERATION_TYPE_LABELS } from '../../../lib/labels';
import { isBuying } from '../caseKind';
import { DOCUMENTS_TEXTS } from '../documentsTexts';

export interface Group {
  key: string;
  title: string;
  slots: RequiredDocument[];
}

/** A remortgage's groups: its documents, each alteration's, then the buy-to-let documents. */
function remortgagingGroups(expanded: RemortgagingExpanded): Group[] {
  const { documents, alterationDocuments, buyToLetDocuments } = expanded.requiredDocuments;
  const alterationTitle = (alterationId: number) => {
    const alteration = expanded.alterations.find((a) => a.id === alterationId);
    if (!alteration) return DOCUMENTS_TEXTS.alterationDocuments;
    const name = ALTERATION_TYPE_LABELS[alteration.alterationType];
    const when = alteration.completedOn ? ` (${formatDate(alteration.completedOn)})` : '';
    return `${DOCUMENTS_TEXTS.alterationDocuments}: ${name}${when}`;
  };
  return [
    { key: 'documents', title: DOCUMENTS_TEXTS.documents, slots: documents },
    ...alterationDocuments.map((group) => ({
      key: `alteration-${group.alterationId}`,
      title: alterationTitle(group.alterationId),
      slots: group.requiredDocuments,
    })),
    { key: 'buy-to-let', title: DOCUMENTS_TEXTS.buyToLetDocuments, slots: buyToLetDocuments },
  ];
}

/** The required-document groups of either case type, in the order they are shown. */
export function documentGroups(expanded: ExpandedCase): Group[] {
  if (!isBuying(expanded)) return remortgagingGroups(expanded);
  const r = expanded.requiredDocuments;
  return [
    { key: 'documents', title: DOCUMENTS_TEXTS.documents, slots: r.documents },
    {
      key: 'source-of-funds',
      title: DOCUMENTS_TEXTS.sourceOfFundsDocuments,
      slots: r.sourceOfFundsDocuments,
    },
    { key: 'isas', title: DOCUMENTS_TEXTS.isaDocuments, slots: r.isaDocuments },
    { key: 'statements', title: DOCUMENTS_TEXTS.statements, slots: r.statements },
    { key: 'buy-to-let', title: DOCUMENTS_TEXTS.buyToLetDocuments, slots: r.buyToLetDocuments },
  ];
}

/** The required documents not uploaded yet, by group (an empty list when there are none). */
export function outstandingGroups(expanded: ExpandedCase): Group[] {
  return documentGroups(expanded)
    .map((g) => ({ ...g, slots: g.slots.filter((slot) => slot.documentId == null) }))
    .filter((g) => g.slots.length > 0);
}
