import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../../lib/api/errors';
import { fieldProps } from '../../../lib/form';
import { useRequestLoginLink } from '../../auth/lazy';
import type { UserDetails } from '../api/getUserDetails';
import { useRequestEmailChange } from '../api/requestEmailChange';
import { settingsSchemas, type EmailValues } from '../validation';
import { DetailForm } from './DetailForms';

/** What the page says while a change waits for its link to be opened. */
export function pendingEmailText(newEmail: string, currentEmail: string): string {
  return `We have sent a confirmation link to ${newEmail}. Open it within 24 hours to start using that address. Until then, keep signing in with ${currentEmail}.`;
}

export const EMAIL_CHANGE_TEXT = {
  /** Shown when the server does not send its own message. */
  reauthenticate:
    'For your security, sign in again with a link we e-mail you, then change your e-mail address within 10 minutes.',
  sendLink: 'E-mail me a sign-in link',
  linkSent: (email: string) =>
    `We have sent a sign-in link to ${email}. Open it, then change your e-mail address here within 10 minutes.`,
  linkFailed: 'We could not send the sign-in link, please try again.',
} as const;

/**
 * The server asks for a fresh sign-in before an address can change (a copied session cookie
 * alone must not move the account): this offers the link, to the current address, that
 * brings the user back here signed in anew.
 */
function SignInAgain({ email, message }: { email: string; message: string }) {
  const link = useRequestLoginLink();
  if (link.isSuccess) {
    return (
      <Alert severity="info" role="status" sx={{ overflowWrap: 'anywhere' }}>
        {EMAIL_CHANGE_TEXT.linkSent(email)}
      </Alert>
    );
  }
  return (
    <Alert severity="warning" sx={{ overflowWrap: 'anywhere' }}>
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <span>{message}</span>
        {link.isError && <span>{EMAIL_CHANGE_TEXT.linkFailed}</span>}
        <Button
          variant="outlined"
          disabled={link.isPending}
          onClick={() => link.mutate({ username: email, redirectTo: '/settings' })}
        >
          {link.isPending ? 'Sending...' : EMAIL_CHANGE_TEXT.sendLink}
        </Button>
      </Stack>
    </Alert>
  );
}

/** A new address takes effect only through the link e-mailed to it. */
export function EmailChangeForm({ details }: { details: UserDetails }) {
  const schema = useMemo(() => settingsSchemas().email, []);
  const form = useForm<EmailValues>({
    resolver: zodResolver(schema),
    defaultValues: { email: '' },
  });
  const { errors, isDirty } = form.formState;
  const request = useRequestEmailChange(details.id);
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [reauthenticate, setReauthenticate] = useState<string | null>(null);
  const pending = sentTo ?? details.pendingEmailChange?.email ?? null;

  return (
    <DetailForm
      id="settings-email"
      title="E-mail address"
      submitLabel="Send confirmation link"
      busy={request.isPending}
      canSubmit={isDirty}
      formError={formError}
      onSubmit={form.handleSubmit(async (v) => {
        setFormError(null);
        setReauthenticate(null);
        try {
          const res = await request.mutateAsync(v.email.trim().toLowerCase());
          setSentTo(res.pendingEmailChange.email);
          form.reset({ email: '' });
        } catch (error) {
          const message = error instanceof ApiError ? error.fields.email : undefined;
          if (error instanceof ApiError && error.code === 'reauthentication_required')
            setReauthenticate(error.message || EMAIL_CHANGE_TEXT.reauthenticate);
          else if (message) form.setError('email', { message });
          else
            setFormError(
              error instanceof ApiError && error.status < 500
                ? error.message
                : 'We could not send the link, please try again.',
            );
        }
      })}
    >
      <Typography sx={{ overflowWrap: 'anywhere' }}>
        You sign in with <strong>{details.email}</strong>.
      </Typography>
      {pending && (
        <Alert severity="info" role="status" sx={{ overflowWrap: 'anywhere' }}>
          {pendingEmailText(pending, details.email)}
        </Alert>
      )}
      <TextField
        label="New e-mail address"
        type="email"
        autoComplete="email"
        required
        fullWidth
        {...fieldProps(form.register, errors, 'email', {
          hint: 'We will e-mail a link to the new address to confirm it.',
        })}
      />
      {reauthenticate && <SignInAgain email={details.email} message={reauthenticate} />}
    </DetailForm>
  );
}
