import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { AwkwardError } from '../../../components/AwkwardError';
import { ApiError } from '../../../lib/api/errors';
import { muiField } from '../../../lib/form';
import { useRequestLoginLink } from '../api/requestLoginLink';
import { loginSchema, type LoginValues } from '../validation';
import { CheckInbox } from './CheckInbox';
import { useSession } from './SessionProvider';

/**
 * The sign-in form both doors share (/login and the back office's /staff/login): an e-mail
 * address, validated as spec section 5 says; POST /auth with it lower-cased and `redirectTo`;
 * then 'Check your inbox' with 'Try again'. The session's message (an expired link, a session
 * that ended) replaces the intro. A rate limit or a rejected address is explained in place;
 * any other failure is the 'Well this is awkward...' view with `failure` as its reason.
 * `afterMessage` follows the session's message (what /login offers after a failed link).
 */
export function MagicLinkForm({
  title,
  intro,
  submitLabel,
  redirectTo,
  failure,
  footer,
  sentFooter,
  afterMessage,
}: {
  title: string;
  intro: string;
  submitLabel: string;
  /** Already made safe by the caller. */
  redirectTo: string;
  failure: string;
  footer?: ReactNode;
  sentFooter?: ReactNode;
  afterMessage?: ReactNode;
}) {
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
      await mutation.mutateAsync({ username, redirectTo });
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
        {sentFooter}
      </CheckInbox>
    );
  }

  const error = mutation.error;
  const inlineError =
    error instanceof ApiError && error.status >= 400 && error.status < 500 ? error : null;
  if (error && !inlineError) return <AwkwardError reason={failure} />;

  const busy = isSubmitting || mutation.isPending;
  return (
    <Stack component="form" spacing={3} noValidate onSubmit={handleSubmit(onSubmit)}>
      <Typography variant="h1">{title}</Typography>
      {session.message ? (
        <Alert severity="warning">{session.message}</Alert>
      ) : (
        <Typography>{intro}</Typography>
      )}
      {afterMessage}
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
        {busy ? 'Submitting...' : submitLabel}
      </Button>
      {footer}
    </Stack>
  );
}
