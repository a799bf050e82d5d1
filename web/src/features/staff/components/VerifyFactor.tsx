import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { PageHeading } from '../../../components/PageHeading';
import { ApiError } from '../../../lib/api/errors';
import { fieldProps } from '../../../lib/form';
import { useVerifyFactor } from '../api/factor';
import { STAFF_TEXTS } from '../texts';
import { codeSchema, recoveryCodeSchema } from '../validation';
import { CodeField } from './CodeField';

/** What a failed verification says above the form: a rate limit's message, or a failure. */
function formError(error: unknown): string | null {
  if (!error) return null;
  if (error instanceof ApiError) {
    if (error.status === 422) return null; // shown on the field
    if (error.status < 500) return error.message;
  }
  return STAFF_TEXTS.genericFailure;
}

/** The frame both forms share: the failure above, the field, and Verify. */
function VerifyForm({
  onSubmit,
  error,
  busy,
  children,
}: {
  onSubmit: React.FormEventHandler<HTMLFormElement>;
  error: unknown;
  busy: boolean;
  children: React.ReactNode;
}) {
  const message = formError(error);
  return (
    <Stack component="form" spacing={3} noValidate onSubmit={onSubmit}>
      {message && (
        <Alert severity="error" role="alert">
          {message}
        </Alert>
      )}
      {children}
      <Box>
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {STAFF_TEXTS.verify}
        </Button>
      </Box>
    </Stack>
  );
}

function AppCodeForm({ onVerified }: { onVerified: () => void }) {
  const verify = useVerifyFactor();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(codeSchema), defaultValues: { code: '' } });
  const onSubmit = async ({ code }: { code: string }) => {
    try {
      await verify.mutateAsync({ code });
      onVerified();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        setError('code', { message: error.fields.code ?? error.message });
      }
    }
  };
  return (
    <VerifyForm
      onSubmit={handleSubmit(onSubmit)}
      error={verify.error}
      busy={isSubmitting || verify.isPending}
    >
      <CodeField required autoFocus {...fieldProps(register, errors, 'code')} />
    </VerifyForm>
  );
}

function RecoveryCodeForm({ onVerified }: { onVerified: () => void }) {
  const verify = useVerifyFactor();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(recoveryCodeSchema), defaultValues: { recoveryCode: '' } });
  const onSubmit = async ({ recoveryCode }: { recoveryCode: string }) => {
    try {
      await verify.mutateAsync({ recoveryCode });
      onVerified();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        setError('recoveryCode', { message: error.fields.recoveryCode ?? error.message });
      }
    }
  };
  return (
    <VerifyForm
      onSubmit={handleSubmit(onSubmit)}
      error={verify.error}
      busy={isSubmitting || verify.isPending}
    >
      <TextField
        label={STAFF_TEXTS.recoveryCodeLabel}
        autoComplete="off"
        required
        autoFocus
        fullWidth
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
        {...fieldProps(register, errors, 'recoveryCode')}
      />
    </VerifyForm>
  );
}

/** 'Enter your code': this session proves the second factor with a code or a recovery code. */
export function VerifyFactor({ onVerified }: { onVerified: () => void }) {
  const [recovery, setRecovery] = useState(false);
  return (
    <Stack spacing={3} sx={{ maxWidth: 560 }}>
      <PageHeading>{STAFF_TEXTS.verifyHeading}</PageHeading>
      <Typography sx={{ mt: -1 }}>
        {recovery ? 'Enter one of the recovery codes you saved.' : STAFF_TEXTS.verifyIntro}
      </Typography>
      {recovery ? (
        <RecoveryCodeForm onVerified={onVerified} />
      ) : (
        <AppCodeForm onVerified={onVerified} />
      )}
      <Box>
        <Button variant="text" onClick={() => setRecovery((r) => !r)} sx={{ px: 0 }}>
          {recovery ? STAFF_TEXTS.useAppCode : STAFF_TEXTS.useRecoveryCode}
        </Button>
      </Box>
    </Stack>
  );
}
