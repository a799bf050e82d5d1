export { SessionProvider, useSession, useSessionActor } from './components/SessionProvider';
export {
  sessionMachine,
  sessionStatus,
  sessionFlags,
  requestRefresh,
  whenSessionResolved,
  whenAppSessionResolved,
  checkOnLoad,
  SESSION_MESSAGES,
  type SessionActor,
  type SessionStatus,
} from './machines/sessionMachine';
export { protectedRedirect, onboardingRedirect, alreadySignedIn } from './guards';
export { isStaffPath, isStaffRole, STAFF_HOME, STAFF_LOGIN, STAFF_ROLES } from './staff';
// The screens (./routes) are loaded lazily by the router, so they are not re-exported here.
