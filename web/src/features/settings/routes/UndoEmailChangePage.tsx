import { Alert, Stack, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { ButtonLink } from '../../../components/ButtonLink';
import { Loading } from '../../../components/Loading';
import { ApiError } from '../../../lib/api/errors';
import { useSession } from '../../auth';
import { useUndoEmailChange } from '../api/undoEmailChange';

export const UNDO_EMAIL_TEXT = {
  invalid:
    'This link has expired or has been used already. If someone else changed your e-mail address, write to support.',
  failed: 'We could not undo the change, please try again.',
  done: 'Everyone signed in to your account, on every device, has been signed out. Sign in again with this address.',
} as const;

/**
 * /undo-email-change?token=… — the link e-mailed to the old address when an e-mail change is
 * confirmed (valid 7 days, once). Opening it only loads this page; it spends the token with a
 * same-origin POST (mail scanners, which only GET, cannot). The old address comes back and
 * every session of the account ends, this browser's too if it was signed in to it.
 */
export function UndoEmailChangePage({ token }: { token?: string }) {
  const undo = useUndoEmailChange();
  const { send } = useSession();
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    undo.mutate(token);
  }, [undo, token]);

  // This browser's session of the account has ended on the server: forget it here too.
  const signedOut = undo.data?.signedOut === true;
  useEffect(() => {
    if (signedOut) send({ type: 'LOGOUT' });
  }, [signedOut, send]);

  const signIn = (
    <ButtonLink to="/login" variant="contained" sx={{ alignSelf: 'flex-start' }}>
      Sign in
    </ButtonLink>
  );

  const email = undo.data?.email;
  if (email) {
    return (
      <Stack spacing={2}>
        <title>E-mail change undone - Threshold</title>
        <Typography variant="h1">E-mail change undone</Typography>
        <Typography sx={{ overflowWrap: 'anywhere' }}>
          Your account uses <strong>{email}</strong> again.
        </Typography>
        <Alert severity="success">{UNDO_EMAIL_TEXT.done}</Alert>
        {signIn}
      </Stack>
    );
  }

  const error = undo.error;
  if (!token || error) {
    const message =
      !token || (error instanceof ApiError && error.status === 410)
        ? UNDO_EMAIL_TEXT.invalid
        : error instanceof ApiError && error.status < 500
          ? error.message
          : UNDO_EMAIL_TEXT.failed;
    return (
      <Stack spacing={2}>
        <title>We could not undo the e-mail change - Threshold</title>
        <Typography variant="h1">We could not undo the e-mail change</Typography>
        <Alert severity="error">{message}</Alert>
      </Stack>
    );
  }

  return (
    <Stack spacing={2}>
      <title>Undoing the e-mail change - Threshold</title>
      <Typography variant="h1">Hang tight</Typography>
      <Typography>We are putting your e-mail address back...</Typography>
      <Loading label="Undoing the e-mail change" />
    </Stack>
  );
}
