// Route components of the cases feature, loaded lazily by the router (a chunk of their own). One
// component per screen serves both case types: each reads `caseType` from the route params. The
// case page itself is put together from several features in src/app/routes.
export { CaseListRoute } from './ListRoutes';
