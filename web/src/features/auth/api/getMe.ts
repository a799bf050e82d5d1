import { queryOptions } from '@tanstack/react-query';
import { api, sessionApi } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { Me } from '../../../lib/api/types';

/** GET /auth/me — the profile lives in the session machine's context. */
export async function getMe(signal?: AbortSignal): Promise<Me> {
  return unwrap(await sessionApi().GET('/auth/me', { signal }));
}

/**
 * GET /auth/me as a query too, so that the profile obeys the cache rules like any other data:
 * fetched again once stale on focus and reconnect (CACHE-04, CACHE-05) and after every
 * successful mutation (CACHE-10: accepted policies, a changed name). It starts from the profile
 * the session loaded (`loaded`, fresh at that moment) and is one query per user, so signing in
 * as someone else never shows the last user's. Unlike the session's own call it goes through
 * the refreshing client: a session that ran out is renewed as for any query.
 */
export const meQuery = (loaded: Me) =>
  queryOptions({
    queryKey: ['auth', 'me', loaded.id],
    queryFn: async ({ signal }) => unwrap(await api().GET('/auth/me', { signal })),
    initialData: loaded,
  });
