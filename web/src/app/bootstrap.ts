import { createActor } from 'xstate';
import type { QueryClient } from '@tanstack/react-query';
import { checkOnLoad, requestRefresh, sessionMachine, type SessionActor } from '../features/auth';
import { configureApi, setRefreshHandler } from '../lib/api/client';
import type { RuntimeConfig } from '../lib/config';

/**
 * Wires the session to the API client: the client's shared refresh goes through the session
 * machine. The session check runs on load except when the path begins with /login/auth (on
 * /staff it is a back-office check, where staff roles may stay signed in).
 */
export function startSession(
  config: RuntimeConfig,
  queryClient: QueryClient,
  pathname: string,
): SessionActor {
  configureApi(config.apiBaseUrl);
  const actor = createActor(
    sessionMachine.provide({ actions: { clearCache: () => queryClient.clear() } }),
  );
  actor.start();
  setRefreshHandler(() => requestRefresh(actor));
  checkOnLoad(actor, pathname);
  return actor;
}
