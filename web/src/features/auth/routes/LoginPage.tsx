import { Alert, Button, Stack, Typography } from '@mui/material';
import { useSelector } from '@xstate/react';
import { RouterLink } from '../../../components/RouterLink';
import { ApiError } from '../../../lib/api/errors';
import { safeRedirect } from '../../../lib/redirect';
import { useRenewMagicLink } from '../api/renewMagicLink';
import { MagicLinkForm } from '../components/MagicLinkForm';
import { useSessionActor } from '../components/SessionProvider';

export const LOGIN_TEXTS = {
  title: 'Welcome back',
  intro: 'Enter your email address and we will send you a link to log in.',
  failure: 'We are having trouble authorizing your account',
  renew: 'E-mail me a new link',
  renewing: 'Sending...',
  renewed:
    'We have sent a new link to the address the old one went to. Open it on this device to continue.',
  renewFailed: 'We could not send a new link. Please enter your email address instead.',
} as const;

/**
 * /login — spec section 2. After a link failed on /login/auth (an invitation opened too late,
 * a link used twice) it also offers 'E-mail me a new link': one click, no address to type.
 */
export function LoginPage({ redirectTo }: { redirectTo?: string }) {
  const actor = useSessionActor();
  const staleLink = useSelector(actor, (s) => s.context.staleLink);
  const renew = useRenewMagicLink();

  if (renew.isSuccess) {
    return (
      <Stack spacing={2} aria-live="polite">
        <Typography variant="h1">Check your inbox</Typography>
        <Typography>{LOGIN_TEXTS.renewed}</Typography>
      </Stack>
    );
  }

  // A refusal (too many attempts) says why; anything else gets the plain sentence.
  const renewError =
    renew.error instanceof ApiError && renew.error.status < 500 ? renew.error.message : null;
  return (
    <MagicLinkForm
      title={LOGIN_TEXTS.title}
      intro={LOGIN_TEXTS.intro}
      submitLabel="Continue"
      redirectTo={safeRedirect(redirectTo)}
      failure={LOGIN_TEXTS.failure}
      afterMessage={
        staleLink && (
          <>
            {renew.isError && (
              <Alert severity="error">{renewError ?? LOGIN_TEXTS.renewFailed}</Alert>
            )}
            <Button
              variant="outlined"
              size="large"
              fullWidth
              disabled={renew.isPending}
              onClick={() =>
                renew.mutate(staleLink, {
                  onSuccess: () => actor.send({ type: 'CLEAR_MESSAGE' }),
                })
              }
            >
              {renew.isPending ? LOGIN_TEXTS.renewing : LOGIN_TEXTS.renew}
            </Button>
          </>
        )
      }
      footer={
        <Typography>
          New to Threshold? <RouterLink to="/signup">Sign up</RouterLink>
        </Typography>
      }
      sentFooter={
        <Typography>
          No account yet? <RouterLink to="/signup">Sign up</RouterLink>
        </Typography>
      }
    />
  );
}
