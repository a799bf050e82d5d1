import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Loading } from '../../../components/Loading';
import { PageHeading } from '../../../components/PageHeading';
import { ApiError } from '../../../lib/api/errors';
import { fieldProps } from '../../../lib/form';
import { useConfirmEnrolment, useStartEnrolment } from '../api/factor';
import { STAFF_TEXTS } from '../texts';
import { codeSchema } from '../validation';
import { CodeField } from './CodeField';

export function qrSource(qrSvg: string): string {
  return `data:image/svg+xml;utf8,${encodeURIComponent(qrSvg)}`;
}

/**
 * 'Set up your authenticator app': POST /staff/factor/enrolment once on arrival (a new secret
 * each time), the QR code and the key as text, then the first code confirms it and the server
 * answers the recovery codes.
 */
export function EnrolFactor({ onConfirmed }: { onConfirmed: (recoveryCodes: string[]) => void }) {
  const enrolment = useStartEnrolment();
  const confirm = useConfirmEnrolment();
  const { mutate: begin } = enrolment;
  const started = useRef(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(codeSchema), defaultValues: { code: '' } });

  useEffect(() => {
    // Once per visit: every POST makes a new secret, and the QR code must be the latest one.
    if (started.current) return;
    started.current = true;
    begin();
  }, [begin]);

  const onSubmit = async ({ code }: { code: string }) => {
    try {
      const { recoveryCodes } = await confirm.mutateAsync(code);
      onConfirmed(recoveryCodes);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        setError('code', { message: error.fields.code ?? error.message });
      }
    }
  };

  const data = enrolment.data;
  const confirmError =
    confirm.error instanceof ApiError && confirm.error.status !== 422
      ? confirm.error.status < 500
        ? confirm.error.message
        : STAFF_TEXTS.genericFailure
      : confirm.error && !(confirm.error instanceof ApiError)
        ? STAFF_TEXTS.genericFailure
        : null;

  return (
    <Stack spacing={3} sx={{ maxWidth: 560 }}>
      <PageHeading>{STAFF_TEXTS.enrolHeading}</PageHeading>
      <Typography sx={{ mt: -1 }}>{STAFF_TEXTS.enrolIntro}</Typography>
      {enrolment.isPending && <Loading label="Preparing your QR code" />}
      {enrolment.isError && (
        <Alert
          severity="error"
          role="alert"
          action={
            <Button color="inherit" size="small" onClick={() => begin()}>
              {STAFF_TEXTS.tryAgain}
            </Button>
          }
        >
          {STAFF_TEXTS.enrolFailed}
        </Alert>
      )}
      {data && (
        <Stack component="form" spacing={3} noValidate onSubmit={handleSubmit(onSubmit)}>
          <Box
            component="img"
            alt={STAFF_TEXTS.qrAlt}
            src={qrSource(data.qrSvg)}
            sx={{
              width: 220,
              height: 220,
              bgcolor: '#fff',
              p: 1,
              border: 1,
              borderColor: 'divider',
            }}
          />
          <TextField
            label={STAFF_TEXTS.secretLabel}
            value={data.secret}
            fullWidth
            slotProps={{
              htmlInput: {
                readOnly: true,
                spellCheck: false,
                'data-testid': 'totp-secret',
                style: { fontFamily: 'monospace', letterSpacing: '0.08em' },
              },
            }}
            onFocus={(e) => e.target.select()}
          />
          {confirmError && (
            <Alert severity="error" role="alert">
              {confirmError}
            </Alert>
          )}
          <CodeField required {...fieldProps(register, errors, 'code')} />
          <Box>
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={isSubmitting || confirm.isPending}
            >
              {STAFF_TEXTS.confirm}
            </Button>
          </Box>
        </Stack>
      )}
    </Stack>
  );
}
