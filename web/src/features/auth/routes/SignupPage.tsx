import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AwkwardError } from '../../../components/AwkwardError';
import { RouterLink } from '../../../components/RouterLink';
import { ApiError } from '../../../lib/api/errors';
import { fieldProps } from '../../../lib/form';
import { PolicyLinks, resolvePolicies, useCurrentPolicies } from '../../policies';
import { useSignup } from '../api/signup';
import { CheckInbox } from '../components/CheckInbox';
import { signupSchema, type SignupValues } from '../validation';

export const SIGNUP_TEXTS = {
  title: 'Create your account',
  failure: 'We are having trouble creating your account',
  policyFailure: 'We are having trouble loading this page',
} as const;

const EMPTY: SignupValues = { name: '', email: '' };

/** /signup — spec section 2; the current policy versions are loaded for this screen. */
export function SignupPage() {
  const policies = useCurrentPolicies();
  const mutation = useSignup();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<SignupValues>({ resolver: zodResolver(signupSchema), defaultValues: EMPTY });

  const onSubmit = async (values: SignupValues) => {
    if (!policies.data) return;
    const versions = resolvePolicies(policies.data);
    const email = values.email.trim().toLowerCase();
    try {
      await mutation.mutateAsync({
        preferredName: values.name.trim(),
        email,
        termsAndConditionsVersion: versions.termsVersion,
        privacyPolicyVersion: versions.privacyVersion,
      });
      setSentTo(email);
    } catch (error) {
      if (error instanceof ApiError) {
        if (error.fields.preferredName) setError('name', { message: error.fields.preferredName });
        if (error.fields.email) setError('email', { message: error.fields.email });
      }
    }
  };

  if (sentTo) {
    return (
      <CheckInbox
        email={sentTo}
        onTryAgain={() => {
          setSentTo(null);
          mutation.reset();
          reset(EMPTY);
        }}
      />
    );
  }

  if (policies.isError) return <AwkwardError reason={SIGNUP_TEXTS.policyFailure} />;
  const error = mutation.error;
  const inlineError =
    error instanceof ApiError && error.status >= 400 && error.status < 500 ? error : null;
  if (error && !inlineError) return <AwkwardError reason={SIGNUP_TEXTS.failure} />;

  const busy = isSubmitting || mutation.isPending;
  const hasFieldErrors = inlineError && Object.keys(inlineError.fields).length > 0;
  return (
    <Stack component="form" spacing={3} noValidate onSubmit={handleSubmit(onSubmit)}>
      <Typography variant="h1">{SIGNUP_TEXTS.title}</Typography>
      {inlineError && !hasFieldErrors && <Alert severity="error">{inlineError.message}</Alert>}
      <TextField
        label="Your name"
        autoComplete="given-name"
        fullWidth
        required
        {...fieldProps(register, errors, 'name')}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        fullWidth
        required
        {...fieldProps(register, errors, 'email')}
      />
      <Typography variant="body2">
        By continuing you agree to our <PolicyLinks />.
      </Typography>
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={!isDirty || busy || policies.isPending}
      >
        {busy ? 'Submitting...' : 'Continue'}
      </Button>
      <Typography>
        Already have an account? <RouterLink to="/login">Log in</RouterLink>
      </Typography>
    </Stack>
  );
}
