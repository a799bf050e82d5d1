import { waitFor } from 'xstate';
import { isStaffPath } from '../staff';
import { SUPPORTED_ROLES } from './sessionContext';
import type { SessionActor, SessionSnapshot } from './sessionMachine';

export type SessionStatus = 'pending' | 'anonymous' | 'onboarding' | 'signedIn';

/** What screens and guards need to know. Refreshing keeps the status it had before. */
export function sessionStatus(snapshot: SessionSnapshot): SessionStatus {
  if (snapshot.matches({ authenticated: 'onboarding' })) return 'onboarding';
  if (snapshot.matches({ authenticated: 'signedIn' })) return 'signedIn';
  if (snapshot.matches('refreshing') && snapshot.context.me) {
    return snapshot.context.me.user.isOnboarded ? 'signedIn' : 'onboarding';
  }
  if (snapshot.matches('anonymous')) return 'anonymous';
  return 'pending';
}

/**
 * Ask the session to refresh (after a 401/403) and wait for the outcome. Concurrent callers
 * share the one refresh: the machine ignores REFRESH_NEEDED while it is already refreshing.
 */
export async function requestRefresh(actor: SessionActor): Promise<boolean> {
  const before = actor.getSnapshot();
  if (!before.matches('authenticated') && !before.matches('refreshing')) return false;
  actor.send({ type: 'REFRESH_NEEDED' });
  const after = await waitFor(actor, (s) => !s.matches('refreshing'));
  return after.matches('authenticated');
}

/**
 * Resolves once the session knows whether someone is signed in (starting the check if needed;
 * `staff`: the check is for the back office, where a staff role may stay signed in).
 */
export async function whenSessionResolved(
  actor: SessionActor,
  { staff = false }: { staff?: boolean } = {},
): Promise<SessionSnapshot> {
  if (actor.getSnapshot().matches('idle')) actor.send({ type: 'CHECK', staff });
  return waitFor(actor, (s) => sessionStatus(s) !== 'pending');
}

/**
 * The customer app's guards: as whenSessionResolved, but a staff role signed in for the back
 * office is signed out first with 'Please log in again to continue.' (ROLES-04/05 hold for every
 * customer route).
 */
export async function whenAppSessionResolved(actor: SessionActor): Promise<SessionSnapshot> {
  const snapshot = await whenSessionResolved(actor);
  const role = snapshot.context.me?.role;
  if (!role || SUPPORTED_ROLES.includes(role)) return snapshot;
  actor.send({ type: 'ENTER_APP' });
  return whenSessionResolved(actor);
}

/** The session check on page load: none on /login/auth (the link decides), staff on /staff. */
export function checkOnLoad(actor: SessionActor, pathname: string): void {
  if (!pathname.startsWith('/login/auth')) {
    actor.send({ type: 'CHECK', staff: isStaffPath(pathname) });
  }
}
