import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { SignupBody } from '../../../lib/api/types';

/** POST /auth/signup — creates the account and e-mails a sign-in link. */
export async function signup(body: SignupBody): Promise<void> {
  unwrap(
    await api().POST('/auth/signup', {
      body: {
        ...body,
        preferredName: body.preferredName.trim(),
        email: body.email.trim().toLowerCase(),
      },
    }),
  );
}

export function useSignup() {
  return useMutation({ mutationKey: ['auth', 'signup'], mutationFn: signup });
}
