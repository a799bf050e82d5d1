import {
  createRoute,
  lazyRouteComponent,
  notFound,
  Outlet,
  redirect,
} from '@tanstack/react-router';
import { sessionFlags } from '../../features/auth';
import {
  BuyingUnavailable,
  BuyingUnavailableError,
  guardSection,
  guardTileView,
  loadGuardedCase,
  parseAnyListSearch,
  parseCaseKind,
  startPageRedirect,
  type CaseKind,
} from '../../features/cases';
import { donorGiftRedirect } from '../../features/invitations';
// Only the search parser: the tiles' screens load lazily with the case pages.
import { parseTileSearch } from '../providerReturn';
import { protectedLayout } from './protected';
import { RouteErrorPage, type RouterContext } from './root';

// The case screens, each group a chunk of its own: the list, the start page, the case page, the
// application's sections and the post-submit tiles (the case page does not carry the forms).
const casesScreen = {
  CaseListRoute: lazyRouteComponent(() => import('../../features/cases/routes'), 'CaseListRoute'),
  StartCaseRoute: lazyRouteComponent(() => import('../routes/StartRoutes'), 'StartCaseRoute'),
  CaseRoute: lazyRouteComponent(() => import('../routes/CaseRoutes'), 'CaseRoute'),
  CaseSectionRoute: lazyRouteComponent(() => import('../routes/SectionRoutes'), 'CaseSectionRoute'),
  CaseKeyFactsEditRoute: lazyRouteComponent(
    () => import('../routes/SectionRoutes'),
    'CaseKeyFactsEditRoute',
  ),
  CaseTileRoute: lazyRouteComponent(() => import('../routes/TileRoutes'), 'CaseTileRoute'),
  CaseTileViewRoute: lazyRouteComponent(() => import('../routes/TileRoutes'), 'CaseTileViewRoute'),
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
export const caseTypeRoute = createRoute({
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
export const caseListRoute = createRoute({
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
export const caseStartRoute = createRoute({
  getParentRoute: () => caseTypeRoute,
  path: 'start',
  component: casesScreen.StartCaseRoute,
});
export const caseRoute = createRoute({
  getParentRoute: () => caseTypeRoute,
  path: '$caseId',
  loader: ({ context, params, preload }) =>
    loadGuardedCase(context.queryClient, params.caseType, params.caseId, { preload }).then(
      () => null,
    ),
  component: casesScreen.CaseRoute,
});
export const caseApplicationRoute = createRoute({
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
export const caseSectionRoute = createRoute({
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
export const caseKeyFactsEditRoute = createRoute({
  getParentRoute: () => caseTypeRoute,
  path: '$caseId/application/key-facts/edit',
  loader: ({ context, params, preload }) =>
    guardSection(context.queryClient, params.caseType, params.caseId, 'sections', 'key-facts', {
      preload,
    }).then(() => null),
  component: casesScreen.CaseKeyFactsEditRoute,
});
// ?payment=success|cancelled and ?check=done: a provider's return to a tile (providerReturn).
export const caseTileRoute = createRoute({
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
export const caseTileViewRoute = createRoute({
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
export const caseSourceOfFundsRoute = createRoute({
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
    () => import('../../features/sourceOfFunds/routes'),
    'SourceOfFundsRoute',
  ),
});
