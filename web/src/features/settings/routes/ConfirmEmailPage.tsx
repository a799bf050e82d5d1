import { Alert, Stack, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { ButtonLink } from '../../../components/ButtonLink';
import { Loading } from '../../../components/Loading';
import { ApiError } from '../../../lib/api/errors';
import { useSession } from '../../auth';
import { useConfirmEmailChange } from '../api/confirmEmailChange';

export const CONFIRM_EMAIL_TEXT = {
  invalid: 'This link has expired or has been used already. Ask for a new one from your settings.',
  failed: 'We could not confirm your new e-mail address, please try again.',
} as const;

/**
 * /confirm-email?token=… — confirms a new e-mail address. Opening the link only loads this
 * page; it spends the token with a same-origin POST (mail scanners, which only GET, cannot).
 * Works signed in or not: the link may open in another browser.
 */
export function ConfirmEmailPage({ token }: { token?: string }) {
  const confirm = useConfirmEmailChange();
  const { me, status, send } = useSession();
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    confirm.mutate(token);
  }, [confirm, token]);

  // A signed-in session shows the new address at once (the sidebar's settings entry).
  const newEmail = confirm.data?.email;
  useEffect(() => {
    if (newEmail && me && me.user.email !== newEmail) {
      send({ type: 'USER_UPDATED', user: { ...me.user, email: newEmail } });
    }
  }, [newEmail, me, send]);

  const signedIn = status === 'signedIn' || status === 'onboarding';
  const next = signedIn ? (
    <ButtonLink to="/settings" variant="contained" sx={{ alignSelf: 'flex-start' }}>
      Back to settings
    </ButtonLink>
  ) : (
    <ButtonLink to="/login" variant="contained" sx={{ alignSelf: 'flex-start' }}>
      Sign in
    </ButtonLink>
  );

  if (newEmail) {
    return (
      <Stack spacing={2}>
        <title>E-mail address changed - Threshold</title>
        <Typography variant="h1">E-mail address changed</Typography>
        <Typography sx={{ overflowWrap: 'anywhere' }}>
          Your account now uses <strong>{newEmail}</strong>. Use it to sign in from now on.
        </Typography>
        {next}
      </Stack>
    );
  }

  const error = confirm.error;
  if (!token || error) {
    const message =
      !token || (error instanceof ApiError && error.status === 410)
        ? CONFIRM_EMAIL_TEXT.invalid
        : error instanceof ApiError && error.status < 500
          ? error.message
          : CONFIRM_EMAIL_TEXT.failed;
    return (
      <Stack spacing={2}>
        <title>We could not change your e-mail address - Threshold</title>
        <Typography variant="h1">We could not change your e-mail address</Typography>
        <Alert severity="error">{message}</Alert>
        {next}
      </Stack>
    );
  }

  return (
    <Stack spacing={2}>
      <title>Confirming your e-mail address - Threshold</title>
      <Typography variant="h1">Hang tight</Typography>
      <Typography>We are confirming your new e-mail address...</Typography>
      <Loading label="Confirming your new e-mail address" />
    </Stack>
  );
}
