import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AwkwardError } from '../../../components/AwkwardError';
import { RouterLink } from '../../../components/RouterLink';
import { ApiError } from '../../../lib/api/errors';
import { muiField } from '../../../lib/form';
import { safeRedirect } from '../../../lib/redirect';
import { useRequestLoginLink } from '../api/requestLoginLink';
import { CheckInbox } from '../components/CheckInbox';
import { useSession } from '../components/SessionProvider';
import { loginSchema, type LoginValues } from '../validation';

export const LOGIN_TEXTS = {
  title: 'Welcome back',
  intro: 'Enter your email address and we will send you a link to log in.',
  failure: 'We are having trouble authorizing your account',
} as const;

/** /login — spec section 2. */
export function LoginPage({ redirectTo }: { redirectTo?: string }) {
  const session = useSession();
  const mutation = useRequestLoginLink();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { email: '' } });

  const onSubmit = async (values: LoginValues) => {
    const username = values.email.trim().toLowerCase();
    try {
      await mutation.mutateAsync({ username, redirectTo: safeRedirect(redirectTo) });
      session.send({ type: 'CLEAR_MESSAGE' });
      setSentTo(username);
    } catch {
      // The error is shown from mutation.error below.
    }
  };

  if (sentTo) {
    return (
      <CheckInbox
        email={sentTo}
        onTryAgain={() => {
          setSentTo(null);
          mutation.reset();
          reset();
        }}
      >
        <Typography>
          No account yet? <RouterLink to="/signup">Sign up</RouterLink>
        </Typography>
      </CheckInbox>
    );
  }

  const error = mutation.error;
  // A rate limit or a rejected address is explained in place; anything else is the spec's failure view.
  const inlineError =
    error instanceof ApiError && error.status >= 400 && error.status < 500 ? error : null;
  if (error && !inlineError) return <AwkwardError reason={LOGIN_TEXTS.failure} />;

  const busy = isSubmitting || mutation.isPending;
  return (
    <Stack component="form" spacing={3} noValidate onSubmit={handleSubmit(onSubmit)}>
      <Typography variant="h1">{LOGIN_TEXTS.title}</Typography>
      {session.message ? (
        <Alert severity="warning">{session.message}</Alert>
      ) : (
        <Typography>{LOGIN_TEXTS.intro}</Typography>
      )}
      {inlineError && (
        <Alert severity="error">{inlineError.fields.username ?? inlineError.message}</Alert>
      )}
      <TextField
        label="Email address"
        type="email"
        autoComplete="email"
        fullWidth
        required
        error={!!errors.email}
        helperText={errors.email?.message}
        {...muiField(register('email'))}
      />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
        {busy ? 'Submitting...' : 'Continue'}
      </Button>
      <Typography>
        New to Threshold? <RouterLink to="/signup">Sign up</RouterLink>
      </Typography>
    </Stack>
  );
}
