import { Alert, Box, Button, CircularProgress, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useForm, type UseFormRegister } from 'react-hook-form';
import { ApiError } from '../../../lib/api/errors';
import { muiField } from '../../../lib/form';
import type { SourceOfFunds } from '../../../lib/api/types';
import { useSaveSourceDetails } from '../api/saveDetails';
import { DETAILS_MAX, SOURCE_OF_FUNDS_TEXTS as T } from '../texts';

type Field = 'origin' | 'builtUpOver' | 'accountHolder';
type Values = Record<Field, string>;

const FIELDS: readonly { name: Field; label: string; hint: string }[] = [
  { name: 'origin', label: T.origin, hint: T.originHint },
  { name: 'builtUpOver', label: T.builtUpOver, hint: T.builtUpOverHint },
  { name: 'accountHolder', label: T.accountHolder, hint: T.accountHolderHint },
];

/** react-hook-form's check of one answer: given, and within the server's limit. */
function validate(value: string): true | string {
  const text = value.trim();
  if (text === '') return T.required;
  return text.length <= DETAILS_MAX || T.tooLong(DETAILS_MAX);
}

/** What a refused save says outside the fields: the server's words for a 4xx (409), else an apology. */
function problemOf(error: unknown): string {
  return error instanceof ApiError && error.status < 500 ? error.message : T.failed;
}

/** A 422's problems with the form's fields (named as sent, or `details.origin`), in form order. */
function fieldErrors(error: unknown): [Field, string][] {
  if (!(error instanceof ApiError) || error.status !== 422) return [];
  const byField = new Map<string, string>();
  for (const [name, message] of Object.entries(error.fields)) {
    byField.set(name.split('.').pop() ?? name, message);
  }
  return FIELDS.flatMap(({ name }): [Field, string][] => {
    const message = byField.get(name);
    return message ? [[name, message]] : [];
  });
}

function AnswerField({
  name,
  label,
  hint,
  error,
  register,
}: {
  name: Field;
  label: string;
  hint: string;
  error: string | undefined;
  register: UseFormRegister<Values>;
}) {
  return (
    <TextField
      label={label}
      required
      fullWidth
      multiline
      minRows={1}
      error={!!error}
      helperText={error ?? hint}
      {...muiField(register(name, { validate }))}
    />
  );
}

/**
 * The buyer's account of one source: where the money came from, over how long it was built up
 * and whose account it is in, each required. Saved with PUT …/details; the server's 422 shows
 * under its field, any other refusal (409) above the button.
 */
export function DetailsForm({ caseId, source }: { caseId: string; source: SourceOfFunds }) {
  const save = useSaveSourceDetails(caseId, source.id);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    defaultValues: {
      origin: source.details?.origin ?? '',
      builtUpOver: source.details?.builtUpOver ?? '',
      accountHolder: source.details?.accountHolder ?? '',
    },
  });
  const busy = isSubmitting || save.isPending;

  const onSubmit = async (values: Values) => {
    setProblem(null);
    setSaved(false);
    try {
      await save.mutateAsync({
        origin: values.origin.trim(),
        builtUpOver: values.builtUpOver.trim(),
        accountHolder: values.accountHolder.trim(),
      });
      setSaved(true);
    } catch (error) {
      const known = fieldErrors(error);
      known.forEach(([name, message], i) =>
        setError(name, { type: 'server', message }, { shouldFocus: i === 0 }),
      );
      if (known.length === 0) setProblem(problemOf(error));
    }
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={handleSubmit(onSubmit)}>
      {FIELDS.map((field) => (
        <AnswerField
          key={field.name}
          {...field}
          error={errors[field.name]?.message}
          register={register}
        />
      ))}
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Button
          type="submit"
          variant="contained"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {busy ? T.saving : T.save}
        </Button>
        <Box role="status" aria-live="polite" sx={{ color: 'success.main' }}>
          {saved && !busy ? T.saved : ''}
        </Box>
      </Box>
    </Stack>
  );
}
