import { LinearProgress } from '@mui/material';
import { useRouterState } from '@tanstack/react-router';

/**
 * A thin bar across the top while the router loads the next page (issue 15). A route's loader
 * may wait out the query retries (several seconds with the server down); without this a click
 * on 'Continue' looked like it did nothing. Shown at once, unlike the page's own pending
 * spinner, which waits `defaultPendingMs` so fast pages do not flash.
 */
export function NavigationProgress() {
  const loading = useRouterState({ select: (s) => s.status === 'pending' || s.isLoading });
  if (!loading) return null;
  return (
    <LinearProgress
      aria-label="Loading the page"
      data-testid="navigation-progress"
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        height: 3,
        zIndex: (t) => t.zIndex.tooltip + 1,
      }}
    />
  );
}
