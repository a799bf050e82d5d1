import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { SessionList } from '../../../lib/api/types';

/** GET /auth/sessions — the user's active sessions. */
export async function listSessions(signal?: AbortSignal): Promise<SessionList> {
  return unwrap(await api().GET('/auth/sessions', { signal }));
}

export const sessionsQuery = () =>
  queryOptions({ queryKey: ['auth', 'sessions'], queryFn: ({ signal }) => listSessions(signal) });

export function useSessions() {
  return useQuery(sessionsQuery());
}
