import { useSession } from '../../auth';

/** The header every feed call carries: the signed-in user's feed token (NOTIF-05). */
export const KNOCK_HEADER = 'X-Knock-Token';

export function knockHeader(token: string): { [KNOCK_HEADER]: string } {
  return { [KNOCK_HEADER]: token };
}

/**
 * The feed token from GET /auth/me (`knockToken`), or null while there is none: then the feed
 * is not called at all.
 */
export function useKnockToken(): string | null {
  const { me, status } = useSession();
  return status === 'signedIn' ? (me?.knockToken ?? null) : null;
}

/** Feed queries wait for a token; this is what their queryFn sees if one is forced anyway. */
export function requireToken(token: string | null): string {
  if (!token) throw new Error('The notification feed needs a knockToken');
  return token;
}
