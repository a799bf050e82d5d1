import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { AboutYouBody, UpdatedUser } from '../../../lib/api/types';

/** POST /users/{userId} — the signed-in user's own details (about-you). */
export async function updateUser(userId: string, body: AboutYouBody): Promise<UpdatedUser> {
  return unwrap(await api().POST('/users/{userId}', { params: { path: { userId } }, body }));
}

export function useUpdateUser(userId: string) {
  return useMutation({
    mutationKey: ['users', userId, 'update'],
    mutationFn: (body: AboutYouBody) => updateUser(userId, body),
  });
}
