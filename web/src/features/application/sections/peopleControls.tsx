import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, TextField, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { fieldProps } from '../../../lib/form';
import { FormError } from '../components/FormError';
import { ItemList } from '../components/ItemList';
import { OWNERS_TEXTS } from '../ownersTexts';
import { applyServerErrors, type ServerFieldMap } from '../validation';
import { ConfirmRemoveDialog, SubmitButton } from './ownersControls';
import { personBody, personSchema, type PersonValues } from './ownersSchemas';

/** A person (full name, optional e-mail) as the occupant and removed-owner lists show them. */
export interface PersonRow {
  id: number;
  fullName: string;
  email?: string | null;
}

/**
 * A list of people with a Remove button each (after a confirmation). `remove` is the mutation:
 * its failure is shown in the dialog.
 */
export function PeopleList({
  label,
  empty,
  people,
  confirmTitle,
  confirmBody,
  remove,
}: {
  label: string;
  empty: string;
  people: PersonRow[];
  confirmTitle: (name: string) => string;
  confirmBody: string;
  remove: {
    mutateAsync: (id: number) => Promise<unknown>;
    isPending: boolean;
    error: unknown;
    reset: () => void;
  };
}) {
  const [target, setTarget] = useState<PersonRow | null>(null);
  const close = () => {
    setTarget(null);
    remove.reset();
  };
  return (
    <>
      <ItemList
        label={label}
        emptyText={empty}
        items={people.map((p) => ({
          id: p.id,
          title: p.fullName,
          details: p.email ? [p.email] : [],
        }))}
        action={OWNERS_TEXTS.remove}
        onDelete={(id) => setTarget(people.find((p) => p.id === id) ?? null)}
      />
      <ConfirmRemoveDialog
        open={target !== null}
        title={target ? confirmTitle(target.fullName) : ''}
        body={confirmBody}
        busy={remove.isPending}
        error={remove.error}
        onClose={close}
        onConfirm={() => {
          if (!target) return;
          remove
            .mutateAsync(target.id)
            .then(close)
            .catch(() => undefined);
        }}
      />
    </>
  );
}

/** The server's names for a person's fields (an occupant's are `occupant.fullName`…). */
const PERSON_FIELDS: ServerFieldMap<PersonValues> = { fullName: 'fullName', email: 'email' };

/**
 * Add a person (full name, optional e-mail). `add` throws an ApiError on failure; its field
 * problems go on the fields, the rest above the form; what was typed stays.
 */
export function PersonForm({
  heading,
  submitLabel,
  add,
}: {
  heading: string;
  submitLabel: string;
  add: (body: { fullName: string; email?: string }) => Promise<unknown>;
}) {
  const headingId = useId();
  const [failure, setFailure] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PersonValues>({
    resolver: zodResolver(personSchema),
    defaultValues: { fullName: '', email: '' },
  });
  const onSubmit = async (values: PersonValues) => {
    setFailure(null);
    try {
      await add(personBody(values));
      reset();
    } catch (error) {
      if (applyServerErrors(error, setError, PERSON_FIELDS)) setFailure(error);
    }
  };
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      aria-labelledby={headingId}
      onSubmit={handleSubmit(onSubmit)}
    >
      <Typography id={headingId} variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
        {heading}
      </Typography>
      <FormError error={failure} fields={PERSON_FIELDS} />
      <TextField
        label={OWNERS_TEXTS.occupantNameLabel}
        autoComplete="off"
        required
        fullWidth
        {...fieldProps(register, errors, 'fullName')}
      />
      <TextField
        label={OWNERS_TEXTS.occupantEmailLabel}
        type="email"
        autoComplete="off"
        fullWidth
        {...fieldProps(register, errors, 'email')}
      />
      <SubmitButton busy={isSubmitting} label={submitLabel} busyLabel={OWNERS_TEXTS.adding} />
    </Stack>
  );
}
