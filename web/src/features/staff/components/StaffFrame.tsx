import Logout from '@mui/icons-material/Logout';
import { AppBar, Box, Button, Link, Toolbar, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { RouterLink } from '../../../components/RouterLink';
import { brokerFirmTexts, userTexts } from '../adminTexts';
import { STAFF_TEXTS } from '../texts';

/**
 * The back office's own frame (no customer navigation): a top bar with 'Threshold back office',
 * the back office's navigation for staff (the accounts page for administrators only), the
 * signed-in person's name and 'Sign out', and the page's main landmark.
 */
export function StaffFrame({
  user,
  children,
}: {
  user?: { name: string; onSignOut: () => void; nav?: 'staff' | 'admin' };
  children: ReactNode;
}) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
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
      <AppBar position="static" color="inherit" elevation={1} component="header">
        <Toolbar sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, py: 1 }}>
          <Typography
            component="p"
            variant="h6"
            sx={{
              fontWeight: 700,
              color: 'primary.main',
              fontSize: { xs: '1.05rem', sm: '1.25rem' },
              mr: 'auto',
            }}
          >
            {STAFF_TEXTS.title}
          </Typography>
          {user?.nav && <StaffNav admin={user.nav === 'admin'} />}
          {user && (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
              <Typography
                data-testid="staff-name"
                title={user.name}
                sx={{
                  fontWeight: 600,
                  minWidth: 0,
                  maxWidth: { xs: 160, sm: 320 },
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  whiteSpace: 'nowrap',
                }}
              >
                {user.name}
              </Typography>
              <Button onClick={user.onSignOut} startIcon={<Logout />} size="small">
                {STAFF_TEXTS.signOut}
              </Button>
            </Box>
          )}
        </Toolbar>
      </AppBar>
      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        sx={{
          flex: 1,
          width: '100%',
          maxWidth: 1440,
          mx: 'auto',
          p: { xs: 2, sm: 3, md: 4 },
          outline: 'none',
          bgcolor: 'background.default',
        }}
      >
        {children}
      </Box>
    </Box>
  );
}

function StaffNav({ admin }: { admin: boolean }) {
  const link = { fontWeight: 600, '&.active': { textDecoration: 'underline' } };
  return (
    <Box
      component="nav"
      aria-label={userTexts.navLabel}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        columnGap: 2,
        order: { xs: 3, sm: 0 },
        width: { xs: '100%', sm: 'auto' },
      }}
    >
      <RouterLink to="/staff" activeOptions={{ exact: true }} sx={link}>
        {userTexts.queueNav}
      </RouterLink>
      {admin && (
        <RouterLink to="/staff/users" sx={link}>
          {userTexts.nav}
        </RouterLink>
      )}
      {admin && (
        <RouterLink to="/staff/broker-firms" sx={link}>
          {brokerFirmTexts.nav}
        </RouterLink>
      )}
    </Box>
  );
}
