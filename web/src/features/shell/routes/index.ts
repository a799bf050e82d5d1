// The signed-in frame (navigation, invitations, policies, notifications), loaded lazily by the
// router: the sign-in pages do not carry it.
export { ProtectedLayout } from '../components/ProtectedLayout';
