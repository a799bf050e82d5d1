import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  notFound,
  Outlet,
  redirect,
  useRouter,
  useRouterState,
  type ErrorComponentProps,
  type RouterHistory,
} from '@tanstack/react-router';
import { Suspense, useEffect } from 'react';
import { Loading, PageLoading } from '../components/Loading';
import {
  alreadySignedIn,
  isStaffPath,
  onboardingRedirect,
  protectedRedirect,
  sessionFlags,
  sessionStatus,
  STAFF_HOME,
  whenAppSessionResolved,
  whenSessionResolved,
  type SessionActor,
} from '../features/auth';
import {
  BuyingUnavailable,
  BuyingUnavailableError,
  guardSection,
  guardTileView,
  homeRedirect,
  loadGuardedCase,
  parseAnyListSearch,
  parseCaseKind,
  startPageRedirect,
  type CaseKind,
} from '../features/cases';
import { donorGiftRedirect } from '../features/invitations';
import { ErrorPage, NotFoundPage, UnauthenticatedLayout } from '../features/shell';
import { parseQueueSearch } from '../features/staff';
// Only the search parser: the tiles' screens load lazily with the case pages.
import { parseTileSearch } from './providerReturn';
import { trackPageView } from '../lib/analytics';
import { DEFAULT_REDIRECT } from '../lib/constants';
import { PAGE_NAMES } from '../lib/pageNames';
import { safeRedirect } from '../lib/redirect';
import { trackPageViews } from './pageTracking';

// Screens are loaded lazily: each feature's routes make a chunk of their own.
const LoginPage = lazyRouteComponent(() => import('../features/auth/routes'), 'LoginPage');
const LoginAuthPage = lazyRouteComponent(() => import('../features/auth/routes'), 'LoginAuthPage');
const SignupPage = lazyRouteComponent(
  () => import('../features/auth/routes').then(({ loadSignupPage }) => loadSignupPage()),
  'SignupPage',
);
const AboutYouPage = lazyRouteComponent(() => import('../features/onboarding'), 'AboutYouPage');
const ConfirmEmailPage = lazyRouteComponent(
  () => import('../features/settings'),
  'ConfirmEmailPage',
);
const UndoEmailChangePage = lazyRouteComponent(
  () => import('../features/settings'),
  'UndoEmailChangePage',
);
type StaffScreens = typeof import('../features/staff/routes');
const staffScreen = <K extends keyof StaffScreens>(name: K) =>
  lazyRouteComponent(() => import('../features/staff/routes'), name);
const StaffLoginPage = staffScreen('StaffLoginPage');
// The signed-in frame: the sign-in pages do not need it.
const ProtectedLayout = lazyRouteComponent(
  () => import('../features/shell/routes'),
  'ProtectedLayout',
);

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

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: () => <NotFoundPage />,
  errorComponent: (props) => <RouteErrorPage {...props} standalone />,
});

// --- Unauthenticated layout: /login, /login/auth, /signup, /confirm-email, /undo-email-change -
const unauthLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'unauthenticated',
  component: UnauthenticatedLayout,
  // Pending here means no layout yet: the page-level spinner brings its own landmark.
  pendingComponent: PageLoading,
  errorComponent: (props) => <RouteErrorPage {...props} standalone={false} />,
});

async function leaveIfSignedIn(session: SessionActor, redirectTo: string | undefined) {
  const snapshot = await whenAppSessionResolved(session);
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

// The link e-mailed to a new address (issue 15): signed in or not, the page confirms it.
const confirmEmailRoute = createRoute({
  getParentRoute: () => unauthLayout,
  path: 'confirm-email',
  validateSearch: (search: Record<string, unknown>): { token?: string } => {
    const token = optionalString(search.token);
    return token ? { token } : {};
  },
  component: function ConfirmEmailRoute() {
    const { token } = confirmEmailRoute.useSearch();
    return <ConfirmEmailPage token={token} />;
  },
});

// The link e-mailed to the old address once a change is confirmed (issue 25): signed in or
// not, the page undoes it.
const undoEmailChangeRoute = createRoute({
  getParentRoute: () => unauthLayout,
  path: 'undo-email-change',
  validateSearch: (search: Record<string, unknown>): { token?: string } => {
    const token = optionalString(search.token);
    return token ? { token } : {};
  },
  component: function UndoEmailChangeRoute() {
    const { token } = undoEmailChangeRoute.useSearch();
    return <UndoEmailChangePage token={token} />;
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
    const snapshot = await whenAppSessionResolved(context.session);
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
    // A staff role signed in for the back office is signed out here (ROLES-04/05).
    const snapshot = await whenAppSessionResolved(context.session);
    const target = protectedRedirect(sessionStatus(snapshot), location.href);
    if (target) throw redirect({ ...target, replace: true });
  },
  component: ProtectedLayout,
  errorComponent: (props) => (
    // The frame may still be loading (a guard failed before the route loaded it).
    <Suspense fallback={<PageLoading />}>
      <ProtectedLayout>
        <RouteErrorPage {...props} standalone={false} />
      </ProtectedLayout>
    </Suspense>
  ),
  notFoundComponent: () => <NotFoundPage standalone={false} />,
});

// `/` forwards to the user's case list: /remortgaging, or /buying when all their cases are
// purchases (issue 15). Sign-in and onboarding without a redirectTo come here.
const indexRoute = createRoute({
  getParentRoute: () => protectedLayout,
  path: '/',
  beforeLoad: async ({ context }) => {
    const { me } = context.session.getSnapshot().context;
    const { buyingEnabled } = sessionFlags(me);
    // A gift donor with no case of their own goes to their gift instead (issue 13).
    throw await homeRedirect(context.queryClient, buyingEnabled);
  },
});

// The case screens, each group a chunk of its own: the list, the start page, the case page, the
// application's sections and the post-submit tiles (the case page does not carry the forms).
const casesScreen = {
  CaseListRoute: lazyRouteComponent(() => import('../features/cases/routes'), 'CaseListRoute'),
  StartCaseRoute: lazyRouteComponent(() => import('./routes/StartRoutes'), 'StartCaseRoute'),
  CaseRoute: lazyRouteComponent(() => import('./routes/CaseRoutes'), 'CaseRoute'),
  CaseSectionRoute: lazyRouteComponent(() => import('./routes/SectionRoutes'), 'CaseSectionRoute'),
  CaseKeyFactsEditRoute: lazyRouteComponent(
    () => import('./routes/SectionRoutes'),
    'CaseKeyFactsEditRoute',
  ),
  CaseTileRoute: lazyRouteComponent(() => import('./routes/TileRoutes'), 'CaseTileRoute'),
  CaseTileViewRoute: lazyRouteComponent(() => import('./routes/TileRoutes'), 'CaseTileViewRoute'),
};

/**
 * Buying exists only for users with the BUYING feature. Without it every buying URL says so
 * (the route's errorComponent) instead of redirecting, and no child route loads buying data.
 */
function requireBuying(context: RouterContext) {
  if (!sessionFlags(context.session.getSnapshot().context.me).buyingEnabled) {
    throw new BuyingUnavailableError();
  }
}

function isBroker(context: RouterContext): boolean {
  return sessionFlags(context.session.getSnapshot().context.me).isBroker;
}

// --- Cases: /remortgaging and /buying, one route family -----------------------------------
// `caseType` is parsed into a CaseKind. Any other segment does not match this family, so the
// path is not found (the same 404 as any unknown path); static paths such as /documents win.
const caseTypeRoute = createRoute({
  getParentRoute: () => protectedLayout,
  path: '$caseType',
  params: {
    parse: ({ caseType }): { caseType: CaseKind } | false => {
      const kind = parseCaseKind(caseType);
      return kind ? { caseType: kind } : false;
    },
    stringify: ({ caseType }) => ({ caseType }),
  },
  beforeLoad: async ({ context, params }) => {
    if (params.caseType !== 'buying') return;
    // A gift donor's way to the purchase they give towards leads to their gift (issue 26).
    // The case id is the child route's param (every match is given the whole location's).
    if (!isBroker(context)) {
      const { caseId } = params as { caseId?: string };
      const toGift = await donorGiftRedirect(context.queryClient, caseId);
      if (toGift) throw toGift;
    }
    requireBuying(context);
  },
  // One case type's screens are not reused for the other's (as when they were separate routes).
  remountDeps: ({ params }) => params.caseType,
  component: Outlet,
  errorComponent: (props) =>
    props.error instanceof BuyingUnavailableError ? (
      <BuyingUnavailable />
    ) : (
      <RouteErrorPage {...props} standalone={false} />
    ),
});
const caseListRoute = createRoute({
  getParentRoute: () => caseTypeRoute,
  path: '/',
  // The route is not given the path: parseAnyListSearch keeps what either type accepts and the
  // screen narrows it with parseListSearch(caseType, …).
  validateSearch: parseAnyListSearch,
  // A non-broker with no cases goes to the start page.
  beforeLoad: ({ context, params }) =>
    startPageRedirect(context.queryClient, params.caseType, isBroker(context)),
  component: casesScreen.CaseListRoute,
});
const caseStartRoute = createRoute({
  getParentRoute: () => caseTypeRoute,
  path: 'start',
  component: casesScreen.StartCaseRoute,
});
const caseRoute = createRoute({
  getParentRoute: () => caseTypeRoute,
  path: '$caseId',
  loader: ({ context, params, preload }) =>
    loadGuardedCase(context.queryClient, params.caseType, params.caseId, { preload }).then(
      () => null,
    ),
  component: casesScreen.CaseRoute,
});
const caseApplicationRoute = createRoute({
  getParentRoute: () => caseTypeRoute,
  path: '$caseId/application',
  beforeLoad: ({ params }) => {
    throw redirect({
      to: '/$caseType/$caseId/application/$section',
      params: { caseType: params.caseType, caseId: params.caseId, section: 'key-facts' },
      replace: true,
    });
  },
});
const caseSectionRoute = createRoute({
  getParentRoute: () => caseTypeRoute,
  path: '$caseId/application/$section',
  loader: ({ context, params, preload }) =>
    guardSection(context.queryClient, params.caseType, params.caseId, 'sections', params.section, {
      preload,
    }).then(() => null),
  component: casesScreen.CaseSectionRoute,
});
// The Key Facts edit form of either case type (REM-APP-03, BUY-APP-03), behind the Key Facts
// section's guard like the section page itself.
const caseKeyFactsEditRoute = createRoute({
  getParentRoute: () => caseTypeRoute,
  path: '$caseId/application/key-facts/edit',
  loader: ({ context, params, preload }) =>
    guardSection(context.queryClient, params.caseType, params.caseId, 'sections', 'key-facts', {
      preload,
    }).then(() => null),
  component: casesScreen.CaseKeyFactsEditRoute,
});
// ?payment=success|cancelled and ?check=done: a provider's return to a tile (providerReturn).
const caseTileRoute = createRoute({
  getParentRoute: () => caseTypeRoute,
  path: '$caseId/$tile',
  validateSearch: parseTileSearch,
  loader: ({ context, params, preload }) =>
    guardSection(context.queryClient, params.caseType, params.caseId, 'tiles', params.tile, {
      preload,
    }).then(() => null),
  component: casesScreen.CaseTileRoute,
});
// A tile's document shown in the page: /remortgaging/{caseId}/mortgage-report/view and
// /completion-statement/view, behind the tile's own guard (REM-POST-11, REM-POST-15).
const caseTileViewRoute = createRoute({
  getParentRoute: () => caseTypeRoute,
  path: '$caseId/$tile/view',
  loader: ({ context, params, preload }) =>
    guardTileView(context.queryClient, params.caseType, params.caseId, params.tile, {
      preload,
    }).then(() => null),
  component: casesScreen.CaseTileViewRoute,
});

// A purchase's source of funds (issue 33): only for users with SOF; anyone else goes to the
// case page (FLAG-03). A remortgage has no such page.
const caseSourceOfFundsRoute = createRoute({
  getParentRoute: () => caseTypeRoute,
  path: '$caseId/source-of-funds',
  // Back from the open-banking provider: whether the bank's statements came.
  validateSearch: (search: Record<string, unknown>): { openBanking?: 'connected' | 'failed' } =>
    search.openBanking === 'connected' || search.openBanking === 'failed'
      ? { openBanking: search.openBanking }
      : {},
  beforeLoad: ({ context, params }) => {
    if (params.caseType !== 'buying') throw notFound();
    if (!sessionFlags(context.session.getSnapshot().context.me).sourceOfFundsEnabled) {
      throw redirect({
        to: '/$caseType/$caseId',
        params: { caseType: params.caseType, caseId: params.caseId },
        replace: true,
      });
    }
  },
  loader: ({ context, params, preload }) =>
    loadGuardedCase(context.queryClient, params.caseType, params.caseId, { preload }).then(
      () => null,
    ),
  component: lazyRouteComponent(
    () => import('../features/sourceOfFunds/routes'),
    'SourceOfFundsRoute',
  ),
});

// --- Other screens ------------------------------------------------------------------------
const documentsRoute = createRoute({
  getParentRoute: () => protectedLayout,
  path: 'documents',
  component: lazyRouteComponent(() => import('../features/documents/routes'), 'DocumentsPage'),
});
// /documents/{caseType}/{caseId} (DOCS-02): caseType is remortgaging or buying, parsed as the
// case routes do; any other segment does not match, so the path is not found (DOCS-03).
const caseDocumentsRoute = createRoute({
  getParentRoute: () => protectedLayout,
  path: 'documents/$caseType/$caseId',
  params: {
    parse: ({ caseType, caseId }): { caseType: CaseKind; caseId: string } | false => {
      const kind = parseCaseKind(caseType);
      return kind ? { caseType: kind, caseId } : false;
    },
    stringify: ({ caseType, caseId }) => ({ caseType, caseId }),
  },
  component: lazyRouteComponent(() => import('../features/documents/routes'), 'CaseDocumentsRoute'),
});
// A gift donor's own page (issue 13): their gift towards someone's purchase, never the case.
const giftRoute = createRoute({
  getParentRoute: () => protectedLayout,
  path: 'gift/$caseId',
  params: {
    parse: ({ caseId }): { caseId: string } | false => (/^\d+$/.test(caseId) ? { caseId } : false),
    stringify: ({ caseId }) => ({ caseId }),
  },
  component: lazyRouteComponent(() => import('../features/invitations/routes'), 'DonorGiftRoute'),
});
const notificationsRoute = createRoute({
  getParentRoute: () => protectedLayout,
  path: 'notifications',
  component: lazyRouteComponent(
    () => import('../features/notifications/routes'),
    'NotificationsPage',
  ),
});
const helpRoute = createRoute({
  getParentRoute: () => protectedLayout,
  path: 'help',
  component: lazyRouteComponent(() => import('../features/help'), 'HelpPage'),
});
// The AI assistant (HELP-03/04): only for users with AI_BOT; anyone else goes to their cases.
const assistantRoute = createRoute({
  getParentRoute: () => protectedLayout,
  path: 'assistant',
  beforeLoad: ({ context }) => {
    if (!sessionFlags(context.session.getSnapshot().context.me).assistantEnabled) {
      throw redirect({ href: DEFAULT_REDIRECT, replace: true });
    }
  },
  component: lazyRouteComponent(() => import('../features/assistant'), 'AssistantPage'),
});
const settingsRoute = createRoute({
  getParentRoute: () => protectedLayout,
  path: 'settings',
  component: lazyRouteComponent(() => import('../features/settings'), 'SettingsPage'),
});
// A broker firm's webhooks (issue 32): only its broker admin; anyone else goes to their cases.
const webhooksRoute = createRoute({
  getParentRoute: () => protectedLayout,
  path: 'settings/webhooks',
  beforeLoad: ({ context }) => {
    if (!sessionFlags(context.session.getSnapshot().context.me).isBrokerAdmin) {
      throw redirect({ href: DEFAULT_REDIRECT, replace: true });
    }
  },
  component: lazyRouteComponent(() => import('../features/webhooks'), 'WebhooksPage'),
});

// --- The back office: /staff (issue 14) ----------------------------------------------------
// Its own door and frame. The session check for these paths is a back-office one: a
// conveyancer or administrator stays signed in here (and only here). Behind the door, the
// layout's second-factor gate stands in front of every page.

/** Where the back office's door sends someone: a /staff path, or the queue. */
function staffRedirect(redirectTo: string | undefined): string {
  const target = safeRedirect(redirectTo, STAFF_HOME);
  return isStaffPath(target) ? target : STAFF_HOME;
}

const staffLoginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'staff/login',
  validateSearch: validateRedirectSearch,
  pendingComponent: PageLoading,
  beforeLoad: async ({ context, search }) => {
    const snapshot = await whenSessionResolved(context.session, { staff: true });
    if (alreadySignedIn(sessionStatus(snapshot))) {
      throw redirect({ href: staffRedirect(search.redirectTo), replace: true });
    }
  },
  component: function StaffLoginRoute() {
    const { redirectTo } = staffLoginRoute.useSearch();
    return <StaffLoginPage redirectTo={staffRedirect(redirectTo)} />;
  },
});

const staffLayout = createRoute({
  getParentRoute: () => rootRoute,
  path: 'staff',
  pendingComponent: PageLoading,
  beforeLoad: async ({ context, location }) => {
    const snapshot = await whenSessionResolved(context.session, { staff: true });
    if (sessionStatus(snapshot) === 'anonymous') {
      throw redirect({ to: '/staff/login', search: { redirectTo: location.href }, replace: true });
    }
  },
  component: staffScreen('StaffLayout'),
  errorComponent: (props) => <RouteErrorPage {...props} standalone />,
  notFoundComponent: () => <NotFoundPage standalone={false} home="/staff" />,
});
const staffQueueRoute = createRoute({
  getParentRoute: () => staffLayout,
  path: '/',
  validateSearch: parseQueueSearch,
  component: staffScreen('QueueRoute'),
});
// caseType is parsed as the customer routes do: any other segment matches nothing (404).
const staffCaseRoute = createRoute({
  getParentRoute: () => staffLayout,
  path: 'cases/$caseType/$caseId',
  params: {
    parse: ({ caseType, caseId }): { caseType: CaseKind; caseId: string } | false => {
      const kind = parseCaseKind(caseType);
      return kind ? { caseType: kind, caseId } : false;
    },
    stringify: ({ caseType, caseId }) => ({ caseType, caseId }),
  },
  component: staffScreen('StaffCaseRoute'),
});
// The administrators' accounts page (issue 30); the page itself tells anyone else it is not theirs.
const staffUsersRoute = createRoute({
  getParentRoute: () => staffLayout,
  path: 'users',
  component: staffScreen('UsersPage'),
});
// The referral arrangements with broker firms (issue 28): administrators only, as above.
const staffBrokerFirmsRoute = createRoute({
  getParentRoute: () => staffLayout,
  path: 'broker-firms',
  component: staffScreen('BrokerFirmsPage'),
});

export const routeTree = rootRoute.addChildren([
  unauthLayout.addChildren([
    loginRoute,
    loginAuthRoute,
    signupRoute,
    confirmEmailRoute,
    undoEmailChangeRoute,
  ]),
  aboutYouRoute,
  protectedLayout.addChildren([
    indexRoute,
    caseTypeRoute.addChildren([
      caseListRoute,
      caseStartRoute,
      caseRoute,
      caseApplicationRoute,
      caseSectionRoute,
      caseKeyFactsEditRoute,
      caseTileRoute,
      caseTileViewRoute,
      caseSourceOfFundsRoute,
    ]),
    documentsRoute,
    caseDocumentsRoute,
    giftRoute,
    notificationsRoute,
    helpRoute,
    assistantRoute,
    settingsRoute,
    webhooksRoute,
  ]),
  staffLoginRoute,
  staffLayout.addChildren([
    staffQueueRoute,
    staffCaseRoute,
    staffUsersRoute,
    staffBrokerFirmsRoute,
  ]),
]);

export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  const router = createRouter({
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
  // Page views with page names (CONSENT-07), sent only with analytics consent.
  trackPageViews(router);
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
