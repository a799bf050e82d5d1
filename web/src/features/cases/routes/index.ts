// Route components of the cases feature, loaded lazily by the router (a chunk of their own).
export { RemortgagingListRoute, BuyingListRoute } from './ListRoutes';
export {
  RemortgagingStartRoute,
  BuyingStartRoute,
  RemortgagingCaseRoute,
  BuyingCaseRoute,
  RemortgagingSectionRoute,
  BuyingSectionRoute,
  RemortgagingTileRoute,
  BuyingTileRoute,
} from './CaseRoutes';
