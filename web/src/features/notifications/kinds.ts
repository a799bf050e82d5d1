import type { FeedItem } from '../../lib/api/types';

/** Notification kinds (spec section 3, ENUM-24). */
export const FEED_KINDS = {
  quote: 'case-quote',
  invitation: 'case-invitation',
  donorInvitation: 'case-donor-invitation',
  notification: 'case-notification',
} as const;

export type InvitationKind =
  typeof FEED_KINDS.quote | typeof FEED_KINDS.invitation | typeof FEED_KINDS.donorInvitation;

/** An item the modal overlay can act on: its kind, and the case it is about. */
export interface PendingInvitation {
  item: FeedItem;
  kind: InvitationKind;
  caseId: number;
  caseType: 'REMORTGAGING' | 'BUYING';
}

function caseTypeOf(value: string | null | undefined): PendingInvitation['caseType'] | null {
  const upper = value?.toUpperCase();
  return upper === 'REMORTGAGING' || upper === 'BUYING' ? upper : null;
}

/**
 * The item the modal overlay opens for (spec section 2, INVITE-01..04, INVITE-12): a case quote,
 * case invitation or donor invitation naming its case. A donor invitation opens only for a
 * purchase: "The remortgaging donor path is not implemented."
 */
export function asPendingInvitation(item: FeedItem): PendingInvitation | null {
  const caseType = caseTypeOf(item.data.caseType);
  const caseId = item.data.caseId;
  if (caseType === null || caseId == null) return null;
  switch (item.kind) {
    case FEED_KINDS.quote:
    case FEED_KINDS.invitation:
      return { item, kind: item.kind, caseId, caseType };
    case FEED_KINDS.donorInvitation:
      return caseType === 'BUYING' ? { item, kind: item.kind, caseId, caseType } : null;
    default:
      return null;
  }
}

/** The newest pending invitation among `items` (the feed is newest first) not yet dismissed. */
export function newestPendingInvitation(
  items: readonly FeedItem[],
  dismissed: ReadonlySet<number> = new Set(),
): PendingInvitation | null {
  for (const item of items) {
    if (dismissed.has(item.id)) continue;
    const pending = asPendingInvitation(item);
    if (pending) return pending;
  }
  return null;
}
