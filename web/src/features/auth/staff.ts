import type { Role } from '../../lib/api/types';

/**
 * The back office (issue 14) lives under /staff. Staff roles may stay signed in only for it: the
 * customer app still signs them out (ROLES-04/05), so the session needs to know which area a
 * check or a magic link is for.
 */
export const STAFF_HOME = '/staff';
export const STAFF_LOGIN = '/staff/login';

export const STAFF_ROLES: readonly Role[] = ['ROLE_CONVEYANCER', 'ROLE_ADMIN'];

export function isStaffRole(role: Role | null | undefined): boolean {
  return !!role && STAFF_ROLES.includes(role);
}

/** '/staff', '/staff/…', '/staff?…' — not '/staffing'. */
export function isStaffPath(path: string | null | undefined): boolean {
  if (typeof path !== 'string' || !path.startsWith(STAFF_HOME)) return false;
  const next = path.charAt(STAFF_HOME.length);
  return next === '' || next === '/' || next === '?' || next === '#';
}
