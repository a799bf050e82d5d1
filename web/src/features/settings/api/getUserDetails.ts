import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { paths } from '../../../lib/api/schema';

/** The user's own details as the settings page shows them. */
export type UserDetails =
  paths['/users/{userId}']['get']['responses'][200]['content']['application/json'];
export type LegalName = UserDetails['legalNames'][number];

/** GET /users/{userId} — the signed-in user's own details. */
export async function getUserDetails(userId: string, signal?: AbortSignal): Promise<UserDetails> {
  return unwrap(await api().GET('/users/{userId}', { params: { path: { userId } }, signal }));
}

export const userDetailsQuery = (userId: string) =>
  queryOptions({
    queryKey: ['users', userId],
    queryFn: ({ signal }) => getUserDetails(userId, signal),
  });

export function useUserDetails(userId: string) {
  return useQuery({ ...userDetailsQuery(userId), enabled: userId !== '' });
}
