import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
  useRouter,
  type ErrorComponentProps,
  type RouterHistory,
} from '@tanstack/react-router';
import { Loading, PageLoading } from '../components/Loading';
import {
  alreadySignedIn,
  onboardingRedirect,
  protectedRedirect,
  sessionFlags,
  sessionStatus,
  whenSessionResolved,
  type SessionActor,
} from '../features/auth';
import {
  guardSection,
  loadGuardedCase,
  parseListSearch,
  startPageRedirect,
  type CaseKind,
  type ListSearch,
} from '../features/cases';
import { ErrorPage, NotFoundPage, ProtectedLayout, UnauthenticatedLayout } from '../features/shell';
import { DEFAULT_REDIRECT } from '../lib/constants';
import { safeRedirect } from '../lib/redirect';

// Screens are loaded lazily: each feature's routes make a chunk of their own.
const LoginPage = lazyRouteComponent(() => import('../features/auth/routes'), 'LoginPage');
const LoginAuthPage = lazyRouteComponent(() => import('../features/auth/routes'), 'LoginAuthPage');
const SignupPage = lazyRouteComponent(() => import('../features/auth/routes'), 'SignupPage');
const AboutYouPage = lazyRouteComponent(() => import('../features/onboarding'), 'AboutYouPage');

export interface RouterContext {
  session: SessionActor;
  queryClient: QueryClient;
}

/** Typed search params: unknown or malformed values are dropped. */
function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export interface RedirectSearch {
  redirectTo?: string;
}
const validateRedirectSearch = (search: Record<string, unknown>): RedirectSearch => {
  const redirectTo = optionalString(search.redirectTo);
  return redirectTo ? { redirectTo } : {};
};

export interface LoginAuthSearch extends RedirectSearch {
  token?: string;
}

/** The error page's reset also reloads the route data that may have caused the error. */
function RouteErrorPage({
  error,
  reset,
  standalone,
}: ErrorComponentProps & { standalone: boolean }) {
  const router = useRouter();
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

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: () => <NotFoundPage />,
  errorComponent: (props) => <RouteErrorPage {...props} standalone />,
});

// --- Unauthenticated layout: /login, /login/auth, /signup ---------------------------------
const unauthLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'unauthenticated',
  component: UnauthenticatedLayout,
  // Pending here means no layout yet: the page-level spinner brings its own landmark.
  pendingComponent: PageLoading,
  errorComponent: (props) => <RouteErrorPage {...props} standalone={false} />,
});

async function leaveIfSignedIn(session: SessionActor, redirectTo: string | undefined) {
  const snapshot = await whenSessionResolved(session);
  if (alreadySignedIn(sessionStatus(snapshot))) {
    throw redirect({ href: safeRedirect(redirectTo), replace: true });
  }
}

const loginRoute = createRoute({
  getParentRoute: () => unauthLayout,
  path: 'login',
  validateSearch: validateRedirectSearch,
  beforeLoad: ({ context, search }) => leaveIfSignedIn(context.session, search.redirectTo),
  component: function LoginRoute() {
    const { redirectTo } = loginRoute.useSearch();
    return <LoginPage redirectTo={redirectTo} />;
  },
});

const loginAuthRoute = createRoute({
  getParentRoute: () => unauthLayout,
  path: 'login/auth',
  validateSearch: (search: Record<string, unknown>): LoginAuthSearch => ({
    ...validateRedirectSearch(search),
    ...(optionalString(search.token) ? { token: optionalString(search.token) } : {}),
  }),
  component: function LoginAuthRoute() {
    const { token, redirectTo } = loginAuthRoute.useSearch();
    return <LoginAuthPage token={token} redirectTo={redirectTo} />;
  },
});

const signupRoute = createRoute({
  getParentRoute: () => unauthLayout,
  path: 'signup',
  validateSearch: validateRedirectSearch,
  beforeLoad: ({ context, search }) => leaveIfSignedIn(context.session, search.redirectTo),
  component: SignupPage,
});

// --- Onboarding: /about-you ---------------------------------------------------------------
const aboutYouRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'about-you',
  validateSearch: validateRedirectSearch,
  pendingComponent: PageLoading,
  beforeLoad: async ({ context, location }) => {
    const snapshot = await whenSessionResolved(context.session);
    const target = onboardingRedirect(sessionStatus(snapshot), location.href);
    if (target) throw redirect({ ...target, replace: true });
  },
  component: function AboutYouRoute() {
    const { redirectTo } = aboutYouRoute.useSearch();
    return (
      <UnauthenticatedLayout>
        <AboutYouPage redirectTo={redirectTo} />
      </UnauthenticatedLayout>
    );
  },
});

// --- Protected layout ---------------------------------------------------------------------
const protectedLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'protected',
  pendingComponent: PageLoading,
  beforeLoad: async ({ context, location }) => {
    const snapshot = await whenSessionResolved(context.session);
    const target = protectedRedirect(sessionStatus(snapshot), location.href);
    if (target) throw redirect({ ...target, replace: true });
  },
  component: ProtectedLayout,
  errorComponent: (props) => (
    <ProtectedLayout>
      <RouteErrorPage {...props} standalone={false} />
    </ProtectedLayout>
  ),
  notFoundComponent: () => <NotFoundPage standalone={false} />,
});

const indexRoute = createRoute({
  getParentRoute: () => protectedLayout,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: DEFAULT_REDIRECT, replace: true });
  },
});

type CasesScreens = typeof import('../features/cases/routes');
const casesScreen = (name: keyof CasesScreens) =>
  lazyRouteComponent(() => import('../features/cases/routes'), name);

/** Buying exists only for users with the BUYING feature. */
function requireBuying({ context }: { context: RouterContext }) {
  if (!sessionFlags(context.session.getSnapshot().context.me).buyingEnabled) {
    throw redirect({ to: DEFAULT_REDIRECT, replace: true });
  }
}

function isBroker(context: RouterContext): boolean {
  return sessionFlags(context.session.getSnapshot().context.me).isBroker;
}

const listSearch =
  (kind: CaseKind) =>
  (search: Record<string, unknown>): ListSearch =>
    parseListSearch(kind, search);

// --- Remortgaging -------------------------------------------------------------------------
const remortgagingRoute = createRoute({
  getParentRoute: () => protectedLayout,
  path: 'remortgaging',
  validateSearch: listSearch('remortgaging'),
  // A non-broker with no cases goes to the start page.
  beforeLoad: ({ context }) =>
    startPageRedirect(context.queryClient, 'remortgaging', isBroker(context)),
  component: casesScreen('RemortgagingListRoute'),
});
const remortgagingStartRoute = createRoute({
  getParentRoute: () => protectedLayout,
  path: 'remortgaging/start',
  component: casesScreen('RemortgagingStartRoute'),
});
const remortgagingCaseRoute = createRoute({
  getParentRoute: () => protectedLayout,
  path: 'remortgaging/$caseId',
  loader: ({ context, params }) =>
    loadGuardedCase(context.queryClient, 'remortgaging', params.caseId).then(() => null),
  component: casesScreen('RemortgagingCaseRoute'),
});
const remortgagingApplicationRoute = createRoute({
  getParentRoute: () => protectedLayout,
  path: 'remortgaging/$caseId/application',
  beforeLoad: ({ params }) => {
    throw redirect({
      to: '/remortgaging/$caseId/application/$section',
      params: { caseId: params.caseId, section: 'key-facts' },
      replace: true,
    });
  },
});
const remortgagingSectionRoute = createRoute({
  getParentRoute: () => protectedLayout,
  path: 'remortgaging/$caseId/application/$section',
  loader: ({ context, params }) =>
    guardSection(
      context.queryClient,
      'remortgaging',
      params.caseId,
      'sections',
      params.section,
    ).then(() => null),
  component: casesScreen('RemortgagingSectionRoute'),
});
const remortgagingTileRoute = createRoute({
  getParentRoute: () => protectedLayout,
  path: 'remortgaging/$caseId/$tile',
  loader: ({ context, params }) =>
    guardSection(context.queryClient, 'remortgaging', params.caseId, 'tiles', params.tile).then(
      () => null,
    ),
  component: casesScreen('RemortgagingTileRoute'),
});

// --- Buying -------------------------------------------------------------------------------
const buyingRoute = createRoute({
  getParentRoute: () => protectedLayout,
  path: 'buying',
  validateSearch: listSearch('buying'),
  beforeLoad: async ({ context }) => {
    requireBuying({ context });
    await startPageRedirect(context.queryClient, 'buying', isBroker(context));
  },
  component: casesScreen('BuyingListRoute'),
});
const buyingStartRoute = createRoute({
  getParentRoute: () => protectedLayout,
  path: 'buying/start',
  beforeLoad: requireBuying,
  component: casesScreen('BuyingStartRoute'),
});
const buyingCaseRoute = createRoute({
  getParentRoute: () => protectedLayout,
  path: 'buying/$caseId',
  beforeLoad: requireBuying,
  loader: ({ context, params }) =>
    loadGuardedCase(context.queryClient, 'buying', params.caseId).then(() => null),
  component: casesScreen('BuyingCaseRoute'),
});
const buyingApplicationRoute = createRoute({
  getParentRoute: () => protectedLayout,
  path: 'buying/$caseId/application',
  beforeLoad: ({ context, params }) => {
    requireBuying({ context });
    throw redirect({
      to: '/buying/$caseId/application/$section',
      params: { caseId: params.caseId, section: 'key-facts' },
      replace: true,
    });
  },
});
const buyingSectionRoute = createRoute({
  getParentRoute: () => protectedLayout,
  path: 'buying/$caseId/application/$section',
  beforeLoad: requireBuying,
  loader: ({ context, params }) =>
    guardSection(context.queryClient, 'buying', params.caseId, 'sections', params.section).then(
      () => null,
    ),
  component: casesScreen('BuyingSectionRoute'),
});
const buyingTileRoute = createRoute({
  getParentRoute: () => protectedLayout,
  path: 'buying/$caseId/$tile',
  beforeLoad: requireBuying,
  loader: ({ context, params }) =>
    guardSection(context.queryClient, 'buying', params.caseId, 'tiles', params.tile).then(
      () => null,
    ),
  component: casesScreen('BuyingTileRoute'),
});

// --- Other screens ------------------------------------------------------------------------
const documentsRoute = createRoute({
  getParentRoute: () => protectedLayout,
  path: 'documents',
  component: lazyRouteComponent(() => import('../features/documents'), 'DocumentsPage'),
});
const notificationsRoute = createRoute({
  getParentRoute: () => protectedLayout,
  path: 'notifications',
  component: lazyRouteComponent(() => import('../features/notifications'), 'NotificationsPage'),
});
const helpRoute = createRoute({
  getParentRoute: () => protectedLayout,
  path: 'help',
  component: lazyRouteComponent(() => import('../features/help'), 'HelpPage'),
});
const settingsRoute = createRoute({
  getParentRoute: () => protectedLayout,
  path: 'settings',
  component: lazyRouteComponent(() => import('../features/settings'), 'SettingsPage'),
});

export const routeTree = rootRoute.addChildren([
  unauthLayout.addChildren([loginRoute, loginAuthRoute, signupRoute]),
  aboutYouRoute,
  protectedLayout.addChildren([
    indexRoute,
    remortgagingRoute,
    remortgagingStartRoute,
    remortgagingCaseRoute,
    remortgagingApplicationRoute,
    remortgagingSectionRoute,
    remortgagingTileRoute,
    buyingRoute,
    buyingStartRoute,
    buyingCaseRoute,
    buyingApplicationRoute,
    buyingSectionRoute,
    buyingTileRoute,
    documentsRoute,
    notificationsRoute,
    helpRoute,
    settingsRoute,
  ]),
]);

export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context,
    history,
    defaultPreload: 'intent',
    defaultPendingMs: 300,
    defaultPendingComponent: () => <Loading />,
    defaultErrorComponent: (props) => <RouteErrorPage {...props} standalone={false} />,
    defaultNotFoundComponent: () => <NotFoundPage standalone={false} />,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
