import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { paths } from '../../../lib/api/schema';

export type EmailChangeRequested =
  paths['/users/{userId}/email-change']['post']['responses'][202]['content']['application/json'];

/** POST /users/{userId}/email-change — e-mails a confirmation link to the new address. */
export async function requestEmailChange(
  userId: string,
  email: string,
): Promise<EmailChangeRequested> {
  return unwrap(
    await api().POST('/users/{userId}/email-change', {
      params: { path: { userId } },
      body: { email },
    }),
  );
}

export function useRequestEmailChange(userId: string) {
  return useMutation({
    mutationKey: ['users', userId, 'email-change'],
    mutationFn: (email: string) => requestEmailChange(userId, email),
  });
}
