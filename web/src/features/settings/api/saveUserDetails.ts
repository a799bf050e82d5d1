import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { paths } from '../../../lib/api/schema';
import { userDetailsQuery, type UserDetails } from './getUserDetails';

/** Any subset of the details: only those given change. */
export type DetailsChange =
  paths['/users/{userId}']['post']['requestBody']['content']['application/json'];

/** POST /users/{userId} — corrects some of the user's own details (a partial save). */
export async function saveUserDetails(userId: string, body: DetailsChange): Promise<UserDetails> {
  return unwrap(await api().POST('/users/{userId}', { params: { path: { userId } }, body }));
}

export function useSaveUserDetails(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['users', userId, 'save'],
    mutationFn: (body: DetailsChange) => saveUserDetails(userId, body),
    // The answer is the details as they are now: shown at once, before the refetch.
    onSuccess: (details) => client.setQueryData(userDetailsQuery(userId).queryKey, details),
  });
}
