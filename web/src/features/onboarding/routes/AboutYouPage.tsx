import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { useRouter } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../../lib/api/errors';
import { fieldProps } from '../../../lib/form';
import { safeRedirect } from '../../../lib/redirect';
import { useSession } from '../../auth';
import { useUpdateUser } from '../api/updateUser';
import { aboutYouSchema, normaliseUkPhone, type AboutYouValues } from '../validation';

const FIELDS: (keyof AboutYouValues)[] = [
  'preferredName',
  'firstName',
  'middleNames',
  'surname',
  'phoneNumber',
  'dateOfBirth',
];

/** /about-you — onboarding: the user's names, phone number and date of birth. */
export function AboutYouPage({ redirectTo }: { redirectTo?: string }) {
  const { me, send } = useSession();
  const router = useRouter();
  const mutation = useUpdateUser(me?.id ?? '');
  const schema = useMemo(() => aboutYouSchema(), []);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AboutYouValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      preferredName: me?.user.preferredName ?? '',
      firstName: '',
      middleNames: '',
      surname: '',
      phoneNumber: '',
      dateOfBirth: '',
    },
  });

  const onSubmit = async (values: AboutYouValues) => {
    try {
      const user = await mutation.mutateAsync({
        preferredName: values.preferredName.trim(),
        firstName: values.firstName.trim(),
        middleNames: values.middleNames.trim() === '' ? null : values.middleNames.trim(),
        surname: values.surname.trim(),
        phoneNumber: normaliseUkPhone(values.phoneNumber) ?? values.phoneNumber.trim(),
        dateOfBirth: values.dateOfBirth,
      });
      send({
        type: 'USER_UPDATED',
        user: {
          preferredName: user.preferredName,
          email: user.email,
          isOnboarded: user.isOnboarded,
        },
      });
      router.history.replace(safeRedirect(redirectTo));
    } catch (error) {
      if (error instanceof ApiError) {
        for (const field of FIELDS) {
          const message = error.fields[field];
          if (message) setError(field, { message });
        }
      }
    }
  };

  const error = mutation.error instanceof ApiError ? mutation.error : null;
  const unmatched = error && !FIELDS.some((f) => error.fields[f]);
  const busy = isSubmitting || mutation.isPending;

  return (
    <Stack component="form" spacing={3} noValidate onSubmit={handleSubmit(onSubmit)}>
      <title>About you - Threshold</title>
      <Typography variant="h1">About you</Typography>
      <Typography>
        Tell us a little about yourself. Please give your legal name exactly as it appears on your
        passport or driving licence.
      </Typography>
      {unmatched && (
        <Alert severity="error">
          {error.status >= 500
            ? 'We could not save your details, please try again.'
            : error.message}
        </Alert>
      )}
      <TextField
        label="Preferred name"
        autoComplete="nickname"
        required
        fullWidth
        {...fieldProps(register, errors, 'preferredName', { hint: 'What should we call you?' })}
      />
      <TextField
        label="Legal first name"
        autoComplete="given-name"
        required
        fullWidth
        {...fieldProps(register, errors, 'firstName')}
      />
      <TextField
        label="Middle names (optional)"
        autoComplete="additional-name"
        fullWidth
        {...fieldProps(register, errors, 'middleNames')}
      />
      <TextField
        label="Surname"
        autoComplete="family-name"
        required
        fullWidth
        {...fieldProps(register, errors, 'surname')}
      />
      <TextField
        label="Phone number"
        type="tel"
        autoComplete="tel"
        required
        fullWidth
        {...fieldProps(register, errors, 'phoneNumber', { hint: 'A UK number, like 07700 900123' })}
      />
      <TextField
        label="Date of birth"
        type="date"
        autoComplete="bday"
        required
        fullWidth
        slotProps={{ inputLabel: { shrink: true } }}
        {...fieldProps(register, errors, 'dateOfBirth', { hint: 'You must be 18 or over' })}
      />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
        {busy ? 'Submitting...' : 'Continue'}
      </Button>
    </Stack>
  );
}
