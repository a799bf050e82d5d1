import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { FeedPage } from '../../../lib/api/types';
import { knockHeader, requireToken, useKnockToken } from './knock';

/**
 * GET /feed?page=N — one page (0-based) of the user's unarchived items, 30 a page, newest first
 * (NOTIF-02, CONST-12: the server pages).
 */
export async function getFeed(
  token: string,
  page: number,
  signal?: AbortSignal,
): Promise<FeedPage> {
  return unwrap(
    await api().GET('/feed', {
      params: { header: knockHeader(token), query: { page } },
      signal,
    }),
  );
}

export const feedQuery = (token: string | null, page: number) =>
  queryOptions({
    queryKey: ['feed', 'page', page],
    queryFn: ({ signal }) => getFeed(requireToken(token), page, signal),
    enabled: token !== null,
  });

export function useFeed(page: number) {
  return useQuery(feedQuery(useKnockToken(), page));
}
