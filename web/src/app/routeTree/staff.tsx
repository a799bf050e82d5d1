import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { PageLoading } from '../../components/Loading';
import {
  alreadySignedIn,
  isStaffPath,
  sessionStatus,
  STAFF_HOME,
  whenSessionResolved,
} from '../../features/auth';
import { parseCaseKind, type CaseKind } from '../../features/cases';
import { NotFoundPage } from '../../features/shell';
import { parseQueueSearch } from '../../features/staff';
import { safeRedirect } from '../../lib/redirect';
import { rootRoute, RouteErrorPage, validateRedirectSearch } from './root';

type StaffScreens = typeof import('../../features/staff/routes');
const staffScreen = <K extends keyof StaffScreens>(name: K) =>
  lazyRouteComponent(() => import('../../features/staff/routes'), name);
const StaffLoginPage = staffScreen('StaffLoginPage');

// --- The back office: /staff (issue 14) ----------------------------------------------------
// Its own door and frame. The session check for these paths is a back-office one: a
// conveyancer or administrator stays signed in here (and only here). Behind the door, the
// layout's second-factor gate stands in front of every page.

/** Where the back office's door sends someone: a /staff path, or the queue. */
function staffRedirect(redirectTo: string | undefined): string {
  const target = safeRedirect(redirectTo, STAFF_HOME);
  return isStaffPath(target) ? target : STAFF_HOME;
}

export const staffLoginRoute = createRoute({
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

export const staffLayout = createRoute({
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
export const staffQueueRoute = createRoute({
  getParentRoute: () => staffLayout,
  path: '/',
  validateSearch: parseQueueSearch,
  component: staffScreen('QueueRoute'),
});
// caseType is parsed as the customer routes do: any other segment matches nothing (404).
export const staffCaseRoute = createRoute({
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
export const staffUsersRoute = createRoute({
  getParentRoute: () => staffLayout,
  path: 'users',
  component: staffScreen('UsersPage'),
});
// The referral arrangements with broker firms (issue 28): administrators only, as above.
export const staffBrokerFirmsRoute = createRoute({
  getParentRoute: () => staffLayout,
  path: 'broker-firms',
  component: staffScreen('BrokerFirmsPage'),
});
