import CardGiftcardOutlined from '@mui/icons-material/CardGiftcardOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import HomeWorkOutlined from '@mui/icons-material/HomeWorkOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import Logout from '@mui/icons-material/Logout';
import WebhookOutlined from '@mui/icons-material/WebhookOutlined';
import {
  Avatar,
  Box,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  Stack,
  Typography,
  type ListItemButtonProps,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { createLink } from '@tanstack/react-router';
import { forwardRef, type ReactNode } from 'react';
import { useSession } from '../../auth';
import { caseOverviewsQuery, type CaseKind } from '../../cases';
import { NotificationsBadge, unreadLabel } from '../../notifications';
import { visuallyHidden } from '@mui/utils';

const ListItemAnchor = forwardRef<HTMLAnchorElement, ListItemButtonProps<'a'>>((props, ref) => (
  <ListItemButton component="a" ref={ref} {...props} />
));
ListItemAnchor.displayName = 'ListItemAnchor';
const NavLink = createLink(ListItemAnchor);

/** One line of text that ends in an ellipsis when it does not fit. */
const oneLine = {
  display: 'block',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;

function Label({ compact, children }: { compact: boolean; children: ReactNode }) {
  return (
    <Box component="span" sx={compact ? visuallyHidden : { ml: 0.5, minWidth: 0 }}>
      {children}
    </Box>
  );
}

/** The navigation entry of a gift donor's own page. */
const GIFT_NAV_LABEL = 'Your gift';

/** `spokenSuffix`: what a screen reader hears after the label (the unread count). */
type NavItem = { label: string; icon: ReactNode; spokenSuffix?: string } & (
  | { to: '/$caseType'; params: { caseType: CaseKind } }
  | { to: '/gift/$caseId'; params: { caseId: string } }
  | { to: '/documents' | '/notifications' | '/help' | '/settings/webhooks'; params?: undefined }
);

export function NavigationContent({
  compact,
  unread,
  onNavigate,
}: {
  compact: boolean;
  unread: number;
  onNavigate?: () => void;
}) {
  const { me, isBroker, isBrokerAdmin, buyingEnabled, send } = useSession();
  // A gift donor's own page (issue 26): their newest gift, whether or not they have cases.
  const overviews = useQuery({ ...caseOverviewsQuery(), enabled: !isBroker });
  const giftCaseId = overviews.data?.gifts[0]?.caseId;
  const items: NavItem[] = [
    {
      to: '/$caseType',
      params: { caseType: 'remortgaging' },
      label: 'Remortgaging',
      icon: <HomeWorkOutlined />,
    },
    ...(buyingEnabled
      ? [
          {
            to: '/$caseType',
            params: { caseType: 'buying' },
            label: 'Buying',
            icon: <KeyOutlined />,
          } as NavItem,
        ]
      : []),
    ...(giftCaseId === undefined
      ? []
      : [
          {
            to: '/gift/$caseId',
            params: { caseId: String(giftCaseId) },
            label: GIFT_NAV_LABEL,
            icon: <CardGiftcardOutlined />,
          } as NavItem,
        ]),
    ...(isBroker
      ? []
      : [{ to: '/documents', label: 'Documents', icon: <DescriptionOutlined /> } as NavItem]),
    {
      to: '/notifications',
      label: 'Notifications',
      icon: <NotificationsBadge unread={unread} />,
      spokenSuffix: unreadLabel(unread),
    },
    { to: '/help', label: 'Help', icon: <HelpOutline /> },
    ...(isBrokerAdmin
      ? [{ to: '/settings/webhooks', label: 'Webhooks', icon: <WebhookOutlined /> } as NavItem]
      : []),
  ];
  const itemSx = {
    minHeight: 48,
    px: compact ? 2.5 : 2,
    borderRadius: 1,
    '&[data-status="active"]': { bgcolor: 'action.selected', fontWeight: 700 },
    // Focus is the theme's ring drawn inside the item (the drawer clips anything outside), and
    // never the grey background MUI gives it by default, which read as 'selected'.
    '&.Mui-focusVisible': { outlineOffset: -3 },
    '&.Mui-focusVisible:not([data-status="active"])': { bgcolor: 'transparent' },
  };
  const initial = me?.user.preferredName.trim().charAt(0).toUpperCase() || '?';

  return (
    <Stack sx={{ height: '100%' }}>
      <Box sx={{ px: compact ? 1 : 2.5, py: 2.5, textAlign: compact ? 'center' : 'left' }}>
        <Typography component="p" variant="h6" sx={{ fontWeight: 700, color: 'primary.main' }}>
          {compact ? (
            <>
              <span aria-hidden="true">T</span>
              <Box component="span" sx={visuallyHidden}>
                Threshold
              </Box>
            </>
          ) : (
            'Threshold'
          )}
        </Typography>
      </Box>
      <List sx={{ px: 1, flex: 1 }}>
        {items.map((item) => (
          <ListItem key={item.label} disablePadding>
            <NavLink
              to={item.to}
              params={item.params}
              preload="intent"
              onClick={onNavigate}
              aria-label={item.spokenSuffix ? `${item.label}${item.spokenSuffix}` : undefined}
              sx={itemSx}
            >
              <ListItemIcon sx={{ minWidth: compact ? 0 : 40 }}>{item.icon}</ListItemIcon>
              <Label compact={compact}>{item.label}</Label>
            </NavLink>
          </ListItem>
        ))}
      </List>
      <List sx={{ px: 1, pb: 2 }}>
        <ListItem disablePadding>
          {/* Exact: the firm's webhooks (/settings/webhooks) have their own entry. */}
          <NavLink
            to="/settings"
            activeOptions={{ exact: true }}
            preload="intent"
            onClick={onNavigate}
            sx={itemSx}
          >
            <ListItemIcon sx={{ minWidth: compact ? 0 : 40 }}>
              <Avatar
                sx={{ width: 28, height: 28, fontSize: 14, bgcolor: 'primary.main' }}
                aria-hidden
              >
                {initial}
              </Avatar>
            </ListItemIcon>
            {/* Long names and addresses end in an ellipsis inside the sidebar; the title shows
                them whole. */}
            <Box component="span" sx={compact ? visuallyHidden : { ml: 0.5, minWidth: 0 }}>
              <Box
                component="span"
                sx={{ ...oneLine, fontWeight: 600 }}
                className="nav-name"
                title={me?.user.preferredName}
              >
                {me?.user.preferredName}
              </Box>
              <Box
                component="span"
                sx={{ ...oneLine, fontSize: 12, color: 'text.secondary' }}
                className="nav-email"
                title={me?.user.email}
              >
                {me?.user.email}
              </Box>
            </Box>
          </NavLink>
        </ListItem>
        <ListItem disablePadding>
          <ListItemButton
            onClick={() => {
              onNavigate?.();
              send({ type: 'LOGOUT' });
            }}
            sx={itemSx}
          >
            <ListItemIcon sx={{ minWidth: compact ? 0 : 40 }}>
              <Logout />
            </ListItemIcon>
            <Label compact={compact}>Logout</Label>
          </ListItemButton>
        </ListItem>
      </List>
    </Stack>
  );
}
