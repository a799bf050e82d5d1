import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  Outlet,
  useRouter,
  useRouterState,
  type ErrorComponentProps,
} from '@tanstack/react-router';
import { useEffect } from 'react';
import type { SessionActor } from '../../features/auth';
import { ErrorPage, NotFoundPage } from '../../features/shell';
import { trackPageView } from '../../lib/analytics';
import { PAGE_NAMES } from '../../lib/pageNames';

export interface RouterContext {
  session: SessionActor;
  queryClient: QueryClient;
}

/** Typed search params: unknown or malformed values are dropped. */
export function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export interface RedirectSearch {
  redirectTo?: string;
}
export const validateRedirectSearch = (search: Record<string, unknown>): RedirectSearch => {
  const redirectTo = optionalString(search.redirectTo);
  return redirectTo ? { redirectTo } : {};
};

export interface LoginAuthSearch extends RedirectSearch {
  token?: string;
}

/** The error page's reset also reloads the route data that may have caused the error. */
export function RouteErrorPage({
  error,
  reset,
  standalone,
}: ErrorComponentProps & { standalone: boolean }) {
  const router = useRouter();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  useEffect(() => {
    // A render error shows this page without a failed match: count it as the error page too.
    trackPageView(PAGE_NAMES.unexpectedError, pathname);
  }, [pathname, error]);
  return (
    <ErrorPage
      error={error}
      standalone={standalone}
      reset={() => {
        reset();
        void router.invalidate();
      }}
    />
  );
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: () => <NotFoundPage />,
  errorComponent: (props) => <RouteErrorPage {...props} standalone />,
});
