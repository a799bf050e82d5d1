import type { AnyRouter } from '@tanstack/react-router';
import { BuyingUnavailableError } from '../features/cases';
import { trackPageView } from '../lib/analytics';
import { PAGE_NAMES, pageNameFor } from '../lib/pageNames';

interface TrackedMatch {
  status: string;
  error?: unknown;
  fullPath: string;
  params: Record<string, unknown>;
  _notFound?: boolean;
  globalNotFound?: boolean;
}

/**
 * The page name for the router's current matches: the 404 page (no route, or a route's notFound)
 * is not_found, a route that failed to load shows the error page (unexpected_error), and any
 * other page is named after its deepest route (pageNameFor).
 */
export function currentPageName(matches: readonly TrackedMatch[]): string {
  if (matches.some((m) => m._notFound || m.globalNotFound || m.status === 'notFound')) {
    return PAGE_NAMES.notFound;
  }
  if (matches.some((m) => m.status === 'error' && !(m.error instanceof BuyingUnavailableError))) {
    return PAGE_NAMES.unexpectedError;
  }
  const last = matches[matches.length - 1];
  return last ? pageNameFor(last.fullPath, last.params) : PAGE_NAMES.notFound;
}

/**
 * Counts a page view each time a navigation to a new path settles (the first page included);
 * query-only changes (a list's filters) are the same page. Analytics decides whether it is sent.
 */
export function trackPageViews(router: AnyRouter): () => void {
  return router.subscribe('onResolved', (event) => {
    if (!event.pathChanged && event.fromLocation !== undefined) return;
    const matches = router.state.matches as unknown as TrackedMatch[];
    trackPageView(currentPageName(matches), event.toLocation.pathname);
  });
}
