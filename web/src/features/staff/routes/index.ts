// The back office's screens (issue 14), loaded lazily by the router: a chunk of their own, so
// the customer app does not carry them (and mermaid is a further chunk, loaded by the diagram).
export { StaffLayout } from '../components/StaffLayout';
export { StaffLoginPage } from '../components/StaffLoginPage';
export { QueueRoute, StaffCaseRoute } from './StaffRoutes';
export { BrokerFirmsPage } from '../components/BrokerFirmsPage';
export { UsersPage } from '../components/UsersPage';
