export { SessionProvider, useSession, useSessionActor } from './components/SessionProvider';
export {
  sessionMachine,
  sessionStatus,
  sessionFlags,
  requestRefresh,
  whenSessionResolved,
  SESSION_MESSAGES,
  type SessionActor,
  type SessionStatus,
} from './machines/sessionMachine';
export { protectedRedirect, onboardingRedirect, alreadySignedIn } from './guards';
export { LoginPage } from './routes/LoginPage';
export { LoginAuthPage } from './routes/LoginAuthPage';
export { SignupPage } from './routes/SignupPage';
