import Menu from '@mui/icons-material/Menu';
import {
  AppBar,
  Box,
  Drawer,
  IconButton,
  Link,
  Toolbar,
  Typography,
  useMediaQuery,
  type IconButtonProps,
  type Theme,
} from '@mui/material';
import { createLink, Outlet } from '@tanstack/react-router';
import { forwardRef, useState, type ReactNode } from 'react';
import { useSession } from '../../auth';
import { InvitationOverlay } from '../../invitations';
import { NotificationsBadge, unreadLabel, useFeedWatch } from '../../notifications';
import { PolicyDialog, PolicyLinks, policyDialogMode, useCurrentPolicies } from '../../policies';
import { CookieSettingsLink } from '../../consent';
import { NavigationContent } from './NavigationContent';
import { NavigationProgress } from './NavigationProgress';

const IconAnchor = forwardRef<HTMLAnchorElement, IconButtonProps<'a'>>((props, ref) => (
  <IconButton component="a" ref={ref} {...props} />
));
IconAnchor.displayName = 'IconAnchor';
const MobileNotificationsLink = createLink(IconAnchor);

// The navigation drawer's width: icons only on small screens, icons and labels from medium up.
const SIDEBAR_WIDTH_SMALL = 64;
const SIDEBAR_WIDTH_MEDIUM = 220;

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
