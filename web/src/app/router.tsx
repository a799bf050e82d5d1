import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { Loading } from '../components/Loading';
import { NotFoundPage } from '../features/shell';
import { trackPageViews } from './pageTracking';
import {
  caseApplicationRoute,
  caseKeyFactsEditRoute,
  caseListRoute,
  caseRoute,
  caseSectionRoute,
  caseSourceOfFundsRoute,
  caseStartRoute,
  caseTileRoute,
  caseTileViewRoute,
  caseTypeRoute,
} from './routeTree/cases';
import {
  assistantRoute,
  caseDocumentsRoute,
  documentsRoute,
  giftRoute,
  helpRoute,
  indexRoute,
  notificationsRoute,
  protectedLayout,
  settingsRoute,
  webhooksRoute,
} from './routeTree/protected';
import { rootRoute, RouteErrorPage, type RouterContext } from './routeTree/root';
import {
  staffBrokerFirmsRoute,
  staffCaseRoute,
  staffLayout,
  staffLoginRoute,
  staffQueueRoute,
  staffUsersRoute,
} from './routeTree/staff';
import {
  aboutYouRoute,
  confirmEmailRoute,
  loginAuthRoute,
  loginRoute,
  signupRoute,
  undoEmailChangeRoute,
  unauthLayout,
} from './routeTree/unauthenticated';

// The routes are defined by area in routeTree/; the tree is put together here.
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
