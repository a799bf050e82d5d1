import { useCallback, useState } from 'react';
import type { FeedItem } from '../../../lib/api/types';
import { newestPendingInvitation, type PendingInvitation } from '../../notifications';
import { InvitationModal } from './InvitationModal';

/**
 * The modal overlay over the protected layout (spec section 2, INVITE-01): while the feed holds
 * an unarchived case quote, case invitation or donor invitation, the newest one opens. Once open
 * it stays until its flow ends, even when the server archives the item under it (a decline
 * does). One closed without being dealt with (after an error) stays closed until the page is
 * loaded again; the next one then opens in turn (NOTIF-04).
 */
export function InvitationOverlay({ items }: { items: readonly FeedItem[] }) {
  const [dismissed, setDismissed] = useState<ReadonlySet<number>>(() => new Set());
  const [active, setActive] = useState<PendingInvitation | null>(null);
  const candidate = active ? null : newestPendingInvitation(items, dismissed);
  // Remember the item being shown (an update during render, from what was just read).
  if (candidate) setActive(candidate);
  const onDone = useCallback((itemId: number) => {
    setDismissed((prev) => new Set(prev).add(itemId));
    setActive(null);
  }, []);
  const shown = active ?? candidate;
  if (!shown) return null;
  return <InvitationModal key={shown.item.id} pending={shown} onDone={onDone} />;
}
