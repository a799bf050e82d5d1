import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { Suspense } from 'react';
import { PageLoading } from '../../components/Loading';
import {
  protectedRedirect,
  sessionFlags,
  sessionStatus,
  whenAppSessionResolved,
} from '../../features/auth';
import { homeRedirect, parseCaseKind, type CaseKind } from '../../features/cases';
import { NotFoundPage } from '../../features/shell';
import { DEFAULT_REDIRECT } from '../../lib/constants';
import { rootRoute, RouteErrorPage } from './root';

// The signed-in frame: the sign-in pages do not need it.
const ProtectedLayout = lazyRouteComponent(
  () => import('../../features/shell/routes'),
  'ProtectedLayout',
);

// --- Protected layout ---------------------------------------------------------------------
export const protectedLayout = createRoute({
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
export const indexRoute = createRoute({
  getParentRoute: () => protectedLayout,
  path: '/',
  beforeLoad: async ({ context }) => {
    const { me } = context.session.getSnapshot().context;
    const { buyingEnabled } = sessionFlags(me);
    // A gift donor with no case of their own goes to their gift instead (issue 13).
    throw await homeRedirect(context.queryClient, buyingEnabled);
  },
});

// --- Other screens ------------------------------------------------------------------------
export const documentsRoute = createRoute({
  getParentRoute: () => protectedLayout,
  path: 'documents',
  component: lazyRouteComponent(() => import('../../features/documents/routes'), 'DocumentsPage'),
});
// /documents/{caseType}/{caseId} (DOCS-02): caseType is remortgaging or buying, parsed as the
// case routes do; any other segment does not match, so the path is not found (DOCS-03).
export const caseDocumentsRoute = createRoute({
  getParentRoute: () => protectedLayout,
  path: 'documents/$caseType/$caseId',
  params: {
    parse: ({ caseType, caseId }): { caseType: CaseKind; caseId: string } | false => {
      const kind = parseCaseKind(caseType);
      return kind ? { caseType: kind, caseId } : false;
    },
    stringify: ({ caseType, caseId }) => ({ caseType, caseId }),
  },
  component: lazyRouteComponent(
    () => import('../../features/documents/routes'),
    'CaseDocumentsRoute',
  ),
});
// A gift donor's own page (issue 13): their gift towards someone's purchase, never the case.
export const giftRoute = createRoute({
  getParentRoute: () => protectedLayout,
  path: 'gift/$caseId',
  params: {
    parse: ({ caseId }): { caseId: string } | false => (/^\d+$/.test(caseId) ? { caseId } : false),
    stringify: ({ caseId }) => ({ caseId }),
  },
  component: lazyRouteComponent(
    () => import('../../features/invitations/routes'),
    'DonorGiftRoute',
  ),
});
export const notificationsRoute = createRoute({
  getParentRoute: () => protectedLayout,
  path: 'notifications',
  component: lazyRouteComponent(
    () => import('../../features/notifications/routes'),
    'NotificationsPage',
  ),
});
export const helpRoute = createRoute({
  getParentRoute: () => protectedLayout,
  path: 'help',
  component: lazyRouteComponent(() => import('../../features/help'), 'HelpPage'),
});
// The AI assistant (HELP-03/04): only for users with AI_BOT; anyone else goes to their cases.
export const assistantRoute = createRoute({
  getParentRoute: () => protectedLayout,
  path: 'assistant',
  beforeLoad: ({ context }) => {
    if (!sessionFlags(context.session.getSnapshot().context.me).assistantEnabled) {
      throw redirect({ href: DEFAULT_REDIRECT, replace: true });
    }
  },
  component: lazyRouteComponent(() => import('../../features/assistant'), 'AssistantPage'),
});
export const settingsRoute = createRoute({
  getParentRoute: () => protectedLayout,
  path: 'settings',
  component: lazyRouteComponent(() => import('../../features/settings'), 'SettingsPage'),
});
// A broker firm's webhooks (issue 32): only its broker admin; anyone else goes to their cases.
export const webhooksRoute = createRoute({
  getParentRoute: () => protectedLayout,
  path: 'settings/webhooks',
  beforeLoad: ({ context }) => {
    if (!sessionFlags(context.session.getSnapshot().context.me).isBrokerAdmin) {
      throw redirect({ href: DEFAULT_REDIRECT, replace: true });
    }
  },
  component: lazyRouteComponent(() => import('../../features/webhooks'), 'WebhooksPage'),
});
