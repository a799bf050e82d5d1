import { Alert, Button, Stack, Typography } from '@mui/material';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { AwkwardError } from '../../../components/AwkwardError';
import { PlainTextField } from '../../../components/PlainTextField';
import { ApiError } from '../../../lib/api/errors';
import { useRequestLoginLink } from '../api/requestLoginLink';
import { emailError } from '../emailRule';
import { CheckInbox } from './CheckInbox';
import { useSession } from './SessionProvider';

/**
 * The sign-in form both doors share (/login and the back office's /staff/login): an e-mail
 * address, validated as spec section 5 says; POST /auth with it lower-cased and `redirectTo`;
 * then 'Check your inbox' with 'Try again'. The session's message (an expired link, a session
 * that ended) replaces the intro. A rate limit or a rejected address is explained in place;
 * any other failure is the 'Well this is awkward...' view with `failure` as its reason.
 * `afterMessage` follows the session's message (what /login offers after a failed link).
 *
 * /login shows this form first, so it does without the form libraries (react-hook-form, zod):
 * one field, checked as they would (on submit, then again on every change, the field focused
 * when wrong); and without TextField's select machinery (PlainTextField).
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
  const input = useRef<HTMLInputElement>(null);
  // Checked on submit; once submitted, again on every change.
  const [submitted, setSubmitted] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitted(true);
    const value = input.current?.value ?? '';
    const invalid = emailError(value);
    setFieldError(invalid);
    if (invalid) {
      input.current?.focus();
      return;
    }
    const username = value.trim().toLowerCase();
    setSubmitting(true);
    try {
      await mutation.mutateAsync({ username, redirectTo });
      session.send({ type: 'CLEAR_MESSAGE' });
      setSentTo(username);
    } catch {
      // The error is shown from mutation.error below.
    } finally {
      setSubmitting(false);
    }
  };

  if (sentTo) {
    return (
      <CheckInbox
        email={sentTo}
        onTryAgain={() => {
          setSentTo(null);
          mutation.reset();
          setSubmitted(false);
          setFieldError(null);
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

  const busy = submitting || mutation.isPending;
  return (
    <Stack component="form" spacing={3} noValidate onSubmit={(event) => void onSubmit(event)}>
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
      <PlainTextField
        label="Email address"
        type="email"
        autoComplete="email"
        fullWidth
        required
        name="email"
        inputRef={input}
        onChange={(event) => {
          if (submitted) setFieldError(emailError(event.target.value));
        }}
        error={!!fieldError}
        helperText={fieldError ?? undefined}
      />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
        {busy ? 'Submitting...' : submitLabel}
      </Button>
      {footer}
    </Stack>
  );
}
