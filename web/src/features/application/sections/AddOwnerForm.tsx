import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Stack, TextField, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { fieldProps } from '../../../lib/form';
import type { CaseKind } from '../../cases';
import { useAddApplicant } from '../api/addApplicant';
import { FormError } from '../components/FormError';
import { PARTY_TEXTS } from '../ownersTexts';
import { applyServerErrors, type ServerFieldMap } from '../validation';
import { cardSx, h2Sx, SubmitButton } from './ownersControls';
import { addOwnerSchema, type AddOwnerValues } from './ownersSchemas';

const ADD_FIELDS: ServerFieldMap<AddOwnerValues> = {
  preferredName: 'preferredName',
  email: 'email',
};

export function AddOwnerForm({ kind, caseId }: { kind: CaseKind; caseId: string }) {
  const T = PARTY_TEXTS[kind];
  const headingId = useId();
  const add = useAddApplicant(kind);
  const [failure, setFailure] = useState<unknown>(null);
  const [invited, setInvited] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AddOwnerValues>({
    resolver: zodResolver(addOwnerSchema),
    defaultValues: { preferredName: '', email: '' },
  });
  const onSubmit = async (values: AddOwnerValues) => {
    setFailure(null);
    setInvited(null);
    const email = values.email.trim().toLowerCase();
    try {
      await add.mutateAsync({
        caseId: Number(caseId),
        preferredName: values.preferredName.trim(),
        email,
      });
      reset();
      setInvited(email);
    } catch (error) {
      if (applyServerErrors(error, setError, ADD_FIELDS)) setFailure(error);
    }
  };
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      aria-labelledby={headingId}
      onSubmit={handleSubmit(onSubmit)}
      sx={cardSx}
    >
      <Typography id={headingId} variant="h2" sx={h2Sx}>
        {T.addHeading}
      </Typography>
      <Typography>{T.addIntro}</Typography>
      {invited && (
        <Alert severity="success" role="status">
          {T.added(invited)}
        </Alert>
      )}
      <FormError error={failure} fields={ADD_FIELDS} />
      <TextField
        label={T.addNameLabel}
        autoComplete="off"
        required
        fullWidth
        {...fieldProps(register, errors, 'preferredName')}
      />
      <TextField
        label={T.addEmailLabel}
        type="email"
        autoComplete="off"
        required
        fullWidth
        {...fieldProps(register, errors, 'email')}
      />
      <SubmitButton busy={isSubmitting} label={T.addButton} busyLabel={T.adding} />
    </Stack>
  );
}
