import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import { knockHeader, requireToken, useKnockToken } from './knock';

/** POST /feed/{itemId}/read — 204. */
export async function markFeedItemRead(token: string, itemId: number): Promise<void> {
  unwrap(
    await api().POST('/feed/{itemId}/read', {
      params: { header: knockHeader(token), path: { itemId } },
    }),
  );
}

export function useMarkFeedItemRead() {
  const token = useKnockToken();
  return useMutation({
    mutationKey: ['feed', 'read'],
    mutationFn: (itemId: number) => markFeedItemRead(requireToken(token), itemId),
  });
}
