export { SessionProvider, useSession, useSessionActor } from './components/SessionProvider';
export { sessionMachine, type SessionActor } from './machines/sessionMachine';
export {
  sessionStatus,
  requestRefresh,
  whenSessionResolved,
  whenAppSessionResolved,
  checkOnLoad,
  type SessionStatus,
} from './machines/sessionActor';
export { sessionFlags } from './machines/sessionFlags';
export { SESSION_MESSAGES } from './machines/sessionContext';
export { protectedRedirect, onboardingRedirect, alreadySignedIn } from './guards';
export { isStaffPath, isStaffRole, STAFF_HOME, STAFF_LOGIN, STAFF_ROLES } from './staff';
// The screens (./routes) are loaded lazily by the router, so they are not re-exported here.
