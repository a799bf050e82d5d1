import { Box, Button, Chip, List, ListItem, Stack, Typography } from '@mui/material';
import { ButtonLink } from '../../../components/ButtonLink';
import type { FeedItem } from '../../../lib/api/types';
import { formatDate } from '../../../lib/format';
import { parseCaseKind } from '../../cases';
import { FEED_KINDS } from '../kinds';

export const FEED_TEXTS = {
  list: 'Notifications',
  unread: 'Unread',
  markRead: 'Mark as read',
  archive: 'Archive',
  openCase: 'Open case',
} as const;

/** A line a person can read for each kind of item. */
export function itemTitle(item: FeedItem): string {
  switch (item.kind) {
    case FEED_KINDS.quote:
      return item.data.isLender
        ? 'You have a conveyancing invitation'
        : 'Your conveyancing quote is ready';
    case FEED_KINDS.invitation:
      return 'You have been invited to a conveyancing case';
    case FEED_KINDS.donorInvitation:
      return 'Please confirm your gift contribution';
    default:
      return 'Your case has been updated';
  }
}

function itemDetails(item: FeedItem): string {
  const parts = [
    item.data.propertyAddressLine1,
    item.data.brokerPreferredName &&
      `from ${item.data.brokerPreferredName}${item.data.brokerFirm ? `, ${item.data.brokerFirm}` : ''}`,
    formatDate(item.createdAt),
  ];
  return parts.filter(Boolean).join(' · ');
}

export interface NotificationListProps {
  items: FeedItem[];
  busy: boolean;
  onArchive: (item: FeedItem) => void;
  onRead: (item: FeedItem) => void;
}

/** The feed's items, newest first, each with its case link, 'Mark as read' and 'Archive'. */
export function NotificationList({ items, busy, onArchive, onRead }: NotificationListProps) {
  return (
    <List
      aria-label={FEED_TEXTS.list}
      sx={{ bgcolor: 'background.paper', borderRadius: 1, border: 1, borderColor: 'divider' }}
    >
      {items.map((item) => {
        const kind = item.data.caseType ? parseCaseKind(item.data.caseType) : undefined;
        const caseId = item.data.caseId;
        const titleId = `feed-item-${item.id}`;
        return (
          <ListItem
            key={item.id}
            divider
            aria-labelledby={titleId}
            data-read={item.read}
            data-kind={item.kind}
            sx={{ display: 'block', py: 2 }}
          >
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1.5}
              sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography
                    id={titleId}
                    component="p"
                    sx={{ fontWeight: item.read ? 400 : 700, overflowWrap: 'anywhere' }}
                  >
                    {itemTitle(item)}
                  </Typography>
                  {!item.read && <Chip size="small" color="primary" label={FEED_TEXTS.unread} />}
                </Stack>
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ overflowWrap: 'anywhere' }}
                >
                  {itemDetails(item)}
                </Typography>
              </Box>
              <Stack direction="row" spacing={1} sx={{ flexShrink: 0, flexWrap: 'wrap', gap: 1 }}>
                {kind && caseId != null && (
                  <ButtonLink
                    to="/$caseType/$caseId"
                    params={{ caseType: kind, caseId: String(caseId) }}
                    size="small"
                    aria-describedby={titleId}
                    onClick={() => {
                      if (!item.read) onRead(item);
                    }}
                  >
                    {FEED_TEXTS.openCase}
                  </ButtonLink>
                )}
                {!item.read && (
                  <Button
                    size="small"
                    disabled={busy}
                    aria-describedby={titleId}
                    onClick={() => onRead(item)}
                  >
                    {FEED_TEXTS.markRead}
                  </Button>
                )}
                <Button
                  size="small"
                  variant="outlined"
                  disabled={busy}
                  aria-describedby={titleId}
                  onClick={() => onArchive(item)}
                >
                  {FEED_TEXTS.archive}
                </Button>
              </Stack>
            </Stack>
          </ListItem>
        );
      })}
    </List>
  );
}
