import CardGiftcardOutlined from '@mui/icons-material/CardGiftcardOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import HomeWorkOutlined from '@mui/icons-material/HomeWorkOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import Logout from '@mui/icons-material/Logout';
import Menu from '@mui/icons-material/Menu';
import WebhookOutlined from '@mui/icons-material/WebhookOutlined';
import {
  AppBar,
  Avatar,
  Box,
  Drawer,
  IconButton,
  Link,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  Stack,
  Toolbar,
  Typography,
  useMediaQuery,
  type IconButtonProps,
  type ListItemButtonProps,
  type Theme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { createLink, Outlet } from '@tanstack/react-router';
import { forwardRef, useState, type ReactNode } from 'react';
import { useSession } from '../../auth';
import { caseOverviewsQuery, type CaseKind } from '../../cases';
import { InvitationOverlay } from '../../invitations';
import { NotificationsBadge, unreadLabel, useFeedWatch } from '../../notifications';
import { PolicyDialog, PolicyLinks, policyDialogMode, useCurrentPolicies } from '../../policies';
import { CookieSettingsLink } from '../../consent';
import { visuallyHidden } from '@mui/utils';
import { NavigationProgress } from './NavigationProgress';

const ListItemAnchor = forwardRef<HTMLAnchorElement, ListItemButtonProps<'a'>>((props, ref) => (
  <ListItemButton component="a" ref={ref} {...props} />
));
ListItemAnchor.displayName = 'ListItemAnchor';
const NavLink = createLink(ListItemAnchor);

const IconAnchor = forwardRef<HTMLAnchorElement, IconButtonProps<'a'>>((props, ref) => (
  <IconButton component="a" ref={ref} {...props} />
));
IconAnchor.displayName = 'IconAnchor';
const MobileNotificationsLink = createLink(IconAnchor);

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
// The navigation drawer's width: icons only on small screens, icons and labels from medium up.
const SIDEBAR_WIDTH_SMALL = 64;
const SIDEBAR_WIDTH_MEDIUM = 220;

const GIFT_NAV_LABEL = 'Your gift';

/** `spokenSuffix`: what a screen reader hears after the label (the unread count). */
type NavItem = { label: string; icon: ReactNode; spokenSuffix?: string } & (
  | { to: '/$caseType'; params: { caseType: CaseKind } }
  | { to: '/gift/$caseId'; params: { caseId: string } }
  | { to: '/documents' | '/notifications' | '/help' | '/settings/webhooks'; params?: undefined }
);

function NavigationContent({
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

/** The signed-in shell: left navigation (drawer on mobile), content, footer, policy dialog. */
export function ProtectedLayout({ children }: { children?: ReactNode }) {
  const { me, status, send } = useSession();
  const isMobile = useMediaQuery((t: Theme) => t.breakpoints.down('sm'), { noSsr: true });
  const isMedium = useMediaQuery((t: Theme) => t.breakpoints.up('md'), { noSsr: true });
  const [mobileOpen, setMobileOpen] = useState(false);
  const width = isMedium ? SIDEBAR_WIDTH_MEDIUM : SIDEBAR_WIDTH_SMALL;
  // The feed: the badge's counts (polled) and the items the invitation modal opens for.
  const { unreadCount, feed } = useFeedWatch();
  const policies = useCurrentPolicies();
  const policiesSettled = policyDialogMode(me, policies.data) === 'none';

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <NavigationProgress />
      <Link
        href="#main-content"
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: (t) => t.zIndex.appBar + 10,
          bgcolor: 'background.paper',
          p: 1,
          '&:focus': { top: 8 },
        }}
      >
        Skip to main content
      </Link>
      {isMobile ? (
        <>
          <AppBar position="fixed" color="inherit" elevation={1} component="header">
            <Toolbar>
              <IconButton
                edge="start"
                aria-label="Open navigation"
                aria-expanded={mobileOpen}
                aria-controls="mobile-navigation"
                onClick={() => setMobileOpen(true)}
              >
                <Menu />
              </IconButton>
              <Typography
                component="p"
                variant="h6"
                sx={{ fontWeight: 700, color: 'primary.main', ml: 1 }}
              >
                Threshold
              </Typography>
              <MobileNotificationsLink
                to="/notifications"
                aria-label={`Notifications${unreadLabel(unreadCount)}`}
                sx={{ ml: 'auto' }}
              >
                <NotificationsBadge unread={unreadCount} />
              </MobileNotificationsLink>
            </Toolbar>
          </AppBar>
          <Drawer
            open={mobileOpen}
            onClose={() => setMobileOpen(false)}
            ModalProps={{ keepMounted: false }}
            slotProps={{ paper: { 'aria-label': 'Navigation menu' } }}
          >
            <Box
              component="nav"
              id="mobile-navigation"
              aria-label="Main navigation"
              sx={{ width: 260, height: '100%' }}
            >
              <NavigationContent
                compact={false}
                unread={unreadCount}
                onNavigate={() => setMobileOpen(false)}
              />
            </Box>
          </Drawer>
        </>
      ) : (
        <Box
          component="nav"
          aria-label="Main navigation"
          sx={{ width, flexShrink: 0, position: 'sticky', top: 0, height: '100vh' }}
        >
          <Drawer
            variant="permanent"
            open
            sx={{ '& .MuiDrawer-paper': { width, boxSizing: 'border-box', overflowX: 'hidden' } }}
          >
            <NavigationContent compact={!isMedium} unread={unreadCount} />
          </Drawer>
        </Box>
      )}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        {isMobile && <Toolbar />}
        <Box
          component="main"
          id="main-content"
          tabIndex={-1}
          sx={{ flex: 1, p: { xs: 2, sm: 3, md: 4 }, outline: 'none' }}
        >
          {children ?? <Outlet />}
        </Box>
        <Box
          component="footer"
          sx={{ px: { xs: 2, sm: 3, md: 4 }, py: 3, borderTop: 1, borderColor: 'divider' }}
        >
          <Typography variant="body2" color="text.secondary">
            <PolicyLinks
              privacyLabel="Privacy policy"
              termsLabel="Terms of service"
              separator=" · "
            />
            {' · '}
            <CookieSettingsLink />
          </Typography>
        </Box>
      </Box>
      {status === 'signedIn' && policiesSettled && (
        <InvitationOverlay items={feed.data?.items ?? []} />
      )}
      {status === 'signedIn' && (
        <PolicyDialog
          me={me}
          onAccepted={(versions) => send({ type: 'POLICIES_ACCEPTED', ...versions })}
        />
      )}
    </Box>
  );
}
