import { useSelector } from '@xstate/react';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import {
  sessionFlags,
  sessionStatus,
  type SessionActor,
  type SessionFlags,
  type SessionStatus,
} from '../machines/sessionMachine';
import type { Me } from '../../../lib/api/types';

const SessionContext = createContext<SessionActor | null>(null);

export function SessionProvider({ actor, children }: { actor: SessionActor; children: ReactNode }) {
  return <SessionContext.Provider value={actor}>{children}</SessionContext.Provider>;
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
