import type { Me, Role } from '../../../lib/api/types';

/** Spec section 8 texts, word for word. */
export const SESSION_MESSAGES = {
  loginAgain: 'Please log in again to continue.',
  sessionExpired: 'Your session has expired, please log in again.',
  magicLinkExpired: 'Sorry, your magic link has expired, please enter your email address to login.',
} as const;

/** Only these roles may stay signed in to this app (spec section 6). */
export const SUPPORTED_ROLES: readonly Role[] = [
  'ROLE_USER',
  'ROLE_BROKER',
  'ROLE_BROKER_MANAGER',
  'ROLE_BROKER_ADMIN',
];

export interface SessionContext {
  me: Me | null;
  message: string | null;
  token: string | null;
  /** /login/auth without a token: an anonymous answer counts as a failed link. */
  linkMode: boolean;
  /**
   * The token of the link that just failed on /login/auth (used, replaced or expired): /login
   * offers to e-mail its owner a fresh one. Kept until the message goes.
   */
  staleLink: string | null;
  /** One refresh per profile load, so a persistent 401 cannot loop. */
  profileRenewed: boolean;
  /**
   * The check or link was for the back office (/staff): a staff role may stay signed in there.
   * Everywhere else only SUPPORTED_ROLES may (ROLES-04/05).
   */
  staffArea: boolean;
}

export type SessionEvent =
  | { type: 'CHECK'; staff?: boolean }
  | { type: 'MAGIC_LINK'; token: string | null; staff?: boolean }
  /** The customer app is opened: a staff role signed in for the back office is signed out. */
  | { type: 'ENTER_APP' }
  | { type: 'REFRESH_NEEDED' }
  | { type: 'LOGOUT' }
  | { type: 'LOGOUT_ALL' }
  | { type: 'USER_UPDATED'; user: Me['user'] }
  /** GET /auth/me answered again (the profile query, see SessionProvider). */
  | { type: 'PROFILE_LOADED'; me: Me }
  | { type: 'POLICIES_ACCEPTED'; privacyVersion: number; termsVersion: number }
  | { type: 'CLEAR_MESSAGE' };
