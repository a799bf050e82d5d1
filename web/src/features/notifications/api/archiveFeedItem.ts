import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import { knockHeader, requireToken, useKnockToken } from './knock';

/** POST /feed/{itemId}/archive — 204; archiving again is still 204. */
export async function archiveFeedItem(token: string, itemId: number): Promise<void> {
  unwrap(
    await api().POST('/feed/{itemId}/archive', {
      params: { header: knockHeader(token), path: { itemId } },
    }),
  );
}

/** After it succeeds every query is refetched (the query client's rule), badge included. */
export function useArchiveFeedItem() {
  const token = useKnockToken();
  return useMutation({
    mutationKey: ['feed', 'archive'],
    mutationFn: (itemId: number) => archiveFeedItem(requireToken(token), itemId),
  });
}
