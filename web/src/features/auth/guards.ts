import type { SessionStatus } from './machines/sessionActor';

export type GuardRedirect =
  | { to: '/login'; search: { redirectTo: string } }
  | { to: '/about-you'; search: { redirectTo: string } };

/**
 * Protected layout (spec section 2): unauthenticated visitors go to /login, a signed-in user who
 * is not onboarded goes to /about-you; both keep where they were going in redirectTo.
 */
export function protectedRedirect(status: SessionStatus, target: string): GuardRedirect | null {
  if (status === 'signedIn') return null;
  if (status === 'onboarding') return { to: '/about-you', search: { redirectTo: target } };
  return { to: '/login', search: { redirectTo: target } };
}

/** /about-you needs a session but not onboarding. */
export function onboardingRedirect(status: SessionStatus, target: string): GuardRedirect | null {
  if (status === 'signedIn' || status === 'onboarding') return null;
  return { to: '/login', search: { redirectTo: target } };
}

/** /login and /signup: someone already signed in goes on to where they were heading. */
export function alreadySignedIn(status: SessionStatus): boolean {
  return status === 'signedIn' || status === 'onboarding';
}
