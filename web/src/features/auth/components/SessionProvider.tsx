import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { sessionStatus, type SessionStatus } from '../machines/sessionActor';
import { sessionFlags, type SessionFlags } from '../machines/sessionFlags';
import type { SessionActor } from '../machines/sessionMachine';
import type { Me } from '../../../lib/api/types';
import { meQuery } from '../api/getMe';

const SessionContext = createContext<SessionActor | null>(null);

export function SessionProvider({ actor, children }: { actor: SessionActor; children: ReactNode }) {
  const me = useSelector(actor, (s) => s.context.me);
  const status = useSelector(actor, sessionStatus);
  const signedIn = status === 'signedIn' || status === 'onboarding';
  return (
    <SessionContext.Provider value={actor}>
      {signedIn && me && <ProfileQuery key={me.id} actor={actor} loaded={me} />}
      {children}
    </SessionContext.Provider>
  );
}

/**
 * Keeps GET /auth/me under the cache rules while someone is signed in (see meQuery): each
 * answer the query gets is handed to the session, which the app reads the profile from.
 */
function ProfileQuery({ actor, loaded }: { actor: SessionActor; loaded: Me }) {
  const { data } = useQuery(meQuery(loaded));
  useEffect(() => {
    if (data !== actor.getSnapshot().context.me) actor.send({ type: 'PROFILE_LOADED', me: data });
  }, [actor, data]);
  return null;
}

export function useSessionActor(): SessionActor {
  const actor = useContext(SessionContext);
  if (!actor) throw new Error('useSessionActor must be used inside <SessionProvider>');
  return actor;
}

export interface SessionView extends SessionFlags {
  status: SessionStatus;
  me: Me | null;
  message: string | null;
  send: SessionActor['send'];
}

export function useSession(): SessionView {
  const actor = useSessionActor();
  const status = useSelector(actor, sessionStatus);
  const me = useSelector(actor, (s) => s.context.me);
  const message = useSelector(actor, (s) => s.context.message);
  return useMemo(
    () => ({ status, me, message, send: actor.send, ...sessionFlags(me) }),
    [actor, status, me, message],
  );
}
