// Route components of the cases feature, loaded lazily by the router (a chunk of their own). One
// component per screen serves both case types: each reads `caseType` from the route params.
export { CaseListRoute } from './ListRoutes';
export {
  StartCaseRoute,
  CaseRoute,
  CaseSectionRoute,
  CaseKeyFactsEditRoute,
  CaseTileRoute,
  CaseTileViewRoute,
} from './CaseRoutes';
