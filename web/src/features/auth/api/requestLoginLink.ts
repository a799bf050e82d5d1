import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { LoginBody } from '../../../lib/api/types';

/** POST /auth — e-mails a sign-in link. The address is always sent lower-cased. */
export async function requestLoginLink(body: LoginBody): Promise<void> {
  unwrap(
    await api().POST('/auth', {
      body: { ...body, username: body.username.trim().toLowerCase() },
    }),
  );
}

export function useRequestLoginLink() {
  return useMutation({ mutationKey: ['auth', 'login'], mutationFn: requestLoginLink });
}
