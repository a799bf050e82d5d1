import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, TextField, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../../lib/api/errors';
import { muiField } from '../../../lib/form';
import type { UserDetails } from '../api/getUserDetails';
import { useRequestEmailChange } from '../api/requestEmailChange';
import { settingsSchemas, type EmailValues } from '../validation';
import { DetailForm } from './DetailForms';

/** What the page says while a change waits for its link to be opened. */
export function pendingEmailText(newEmail: string, currentEmail: string): string {
  return `We have sent a confirmation link to ${newEmail}. Open it within 24 hours to start using that address. Until then, keep signing in with ${currentEmail}.`;
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
        try {
          const res = await request.mutateAsync(v.email.trim().toLowerCase());
          setSentTo(res.pendingEmailChange.email);
          form.reset({ email: '' });
        } catch (error) {
          const message = error instanceof ApiError ? error.fields.email : undefined;
          if (message) form.setError('email', { message });
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
        error={!!errors.email}
        helperText={
          errors.email?.message ?? 'We will e-mail a link to the new address to confirm it.'
        }
        {...muiField(form.register('email'))}
      />
    </DetailForm>
  );
}
