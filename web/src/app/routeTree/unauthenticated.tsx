import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { PageLoading } from '../../components/Loading';
import {
  alreadySignedIn,
  onboardingRedirect,
  sessionStatus,
  whenAppSessionResolved,
  type SessionActor,
} from '../../features/auth';
import { UnauthenticatedLayout } from '../../features/shell';
import { safeRedirect } from '../../lib/redirect';
import {
  optionalString,
  rootRoute,
  RouteErrorPage,
  validateRedirectSearch,
  type LoginAuthSearch,
} from './root';

// Screens are loaded lazily: each feature's routes make a chunk of their own.
const LoginPage = lazyRouteComponent(() => import('../../features/auth/routes'), 'LoginPage');
const LoginAuthPage = lazyRouteComponent(
  () => import('../../features/auth/routes'),
  'LoginAuthPage',
);
const SignupPage = lazyRouteComponent(
  () => import('../../features/auth/routes').then(({ loadSignupPage }) => loadSignupPage()),
  'SignupPage',
);
const AboutYouPage = lazyRouteComponent(() => import('../../features/onboarding'), 'AboutYouPage');
const ConfirmEmailPage = lazyRouteComponent(
  () => import('../../features/settings'),
  'ConfirmEmailPage',
);
const UndoEmailChangePage = lazyRouteComponent(
  () => import('../../features/settings'),
  'UndoEmailChangePage',
);

// --- Unauthenticated layout: /login, /login/auth, /signup, /confirm-email, /undo-email-change -
export const unauthLayout = createRoute({
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

export const loginRoute = createRoute({
  getParentRoute: () => unauthLayout,
  path: 'login',
  validateSearch: validateRedirectSearch,
  beforeLoad: ({ context, search }) => leaveIfSignedIn(context.session, search.redirectTo),
  component: function LoginRoute() {
    const { redirectTo } = loginRoute.useSearch();
    return <LoginPage redirectTo={redirectTo} />;
  },
});

export const loginAuthRoute = createRoute({
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
export const confirmEmailRoute = createRoute({
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
export const undoEmailChangeRoute = createRoute({
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

export const signupRoute = createRoute({
  getParentRoute: () => unauthLayout,
  path: 'signup',
  validateSearch: validateRedirectSearch,
  beforeLoad: ({ context, search }) => leaveIfSignedIn(context.session, search.redirectTo),
  component: SignupPage,
});

// --- Onboarding: /about-you ---------------------------------------------------------------
export const aboutYouRoute = createRoute({
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
