import '@fontsource/dm-sans/400.css';
import '@fontsource/dm-sans/500.css';
import '@fontsource/dm-sans/600.css';
import '@fontsource/dm-sans/700.css';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { styled } from '@mui/material/styles';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { ConsentProvider } from '../features/consent';
import { SessionProvider, sessionStatus, type SessionActor } from '../features/auth';
import { VersionToast } from '../features/version';
import { TOAST_HIDE_MS, TOAST_MAX } from '../lib/constants';
import type { createAppRouter } from './router';
import { theme, TOAST_COLOURS } from './theme';

/** notistack's toast with readable colours (see TOAST_COLOURS). */
const Toast = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-success': { backgroundColor: TOAST_COLOURS.success },
  '&.notistack-MuiContent-error': { backgroundColor: TOAST_COLOURS.error },
  '&.notistack-MuiContent-warning': { backgroundColor: TOAST_COLOURS.warning },
  '&.notistack-MuiContent-info': { backgroundColor: TOAST_COLOURS.info },
});
const TOASTS = { success: Toast, error: Toast, warning: Toast, info: Toast };

export interface AppProps {
  session: SessionActor;
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
}

/** Providers around the router: theme, query cache, toasts (at most 2, 3 s), session, consent. */
export function App({ session, queryClient, router }: AppProps) {
  useEffect(() => {
    // Guards re-run whenever the session's status changes (sign-in, logout, failed refresh).
    let last = sessionStatus(session.getSnapshot());
    const sub = session.subscribe((snapshot) => {
      const next = sessionStatus(snapshot);
      if (next !== last) {
        last = next;
        void router.invalidate();
      }
    });
    return () => sub.unsubscribe();
  }, [session, router]);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <SnackbarProvider
          maxSnack={TOAST_MAX}
          autoHideDuration={TOAST_HIDE_MS}
          Components={TOASTS}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        >
          <SessionProvider actor={session}>
            <ConsentProvider>
              <RouterProvider router={router} />
              <VersionToast />
            </ConsentProvider>
          </SessionProvider>
        </SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
