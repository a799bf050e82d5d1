import { Box, Container, Paper, Typography } from '@mui/material';
import { Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** /login, /login/auth, /signup (and /about-you): a centred card, no navigation. */
export function UnauthenticatedLayout({ children }: { children?: ReactNode }) {
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
      }}
    >
      <Box component="header" sx={{ px: { xs: 2, sm: 4 }, py: 2 }}>
        <Typography component="p" variant="h6" sx={{ fontWeight: 700, color: 'primary.main' }}>
          Threshold
        </Typography>
      </Box>
      <Container component="main" maxWidth="sm" sx={{ flex: 1, py: { xs: 2, sm: 6 } }}>
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 } }}>
          {children ?? <Outlet />}
        </Paper>
      </Container>
    </Box>
  );
}
