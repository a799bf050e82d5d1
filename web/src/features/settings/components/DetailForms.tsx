import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { useMemo, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { fieldProps, muiField } from '../../../lib/form';
import { normaliseUkPhone } from '../../onboarding';
import type { LegalName, UserDetails } from '../api/getUserDetails';
import {
  SETTINGS_TEXT,
  settingsSchemas,
  type DateOfBirthValues,
  type LegalNameValues,
  type PhoneNumberValues,
  type PreferredNameValues,
} from '../validation';
import { useSaveDetails } from './useSaveDetails';

/** One small form of the settings page: its heading, fields, any refusal and its button. */
export function DetailForm({
  id,
  title,
  onSubmit,
  formError,
  submitLabel,
  busy,
  canSubmit = true,
  children,
}: {
  id: string;
  title: string;
  onSubmit: () => void;
  formError: string | null;
  submitLabel?: string;
  busy: boolean;
  canSubmit?: boolean;
  children: ReactNode;
}) {
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      aria-labelledby={id}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Typography variant="h3" component="h3" id={id}>
        {title}
      </Typography>
      {children}
      {formError && <Alert severity="error">{formError}</Alert>}
      {submitLabel && (
        <Button
          type="submit"
          variant="contained"
          disabled={!canSubmit || busy}
          sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
        >
          {busy ? 'Saving...' : submitLabel}
        </Button>
      )}
    </Stack>
  );
}

export function PreferredNameForm({ details }: { details: UserDetails }) {
  const schema = useMemo(() => settingsSchemas().preferredName, []);
  const form = useForm<PreferredNameValues>({
    resolver: zodResolver(schema),
    values: { preferredName: details.preferredName },
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isDirty } = form.formState;
  const save = useSaveDetails(details.id, ['preferredName'] as const, form.setError);
  return (
    <DetailForm
      id="settings-preferred-name"
      title="Preferred name"
      submitLabel="Save name"
      busy={save.busy}
      canSubmit={isDirty}
      formError={save.formError}
      onSubmit={form.handleSubmit(async (v) => {
        const saved = await save.submit({ preferredName: v.preferredName.trim() });
        if (saved) form.reset({ preferredName: saved.preferredName });
      })}
    >
      <TextField
        label="Preferred name"
        autoComplete="nickname"
        required
        fullWidth
        {...fieldProps(form.register, errors, 'preferredName', {
          hint: 'What should we call you?',
        })}
      />
    </DetailForm>
  );
}

export function PhoneNumberForm({ details }: { details: UserDetails }) {
  const schema = useMemo(() => settingsSchemas().phoneNumber, []);
  const form = useForm<PhoneNumberValues>({
    resolver: zodResolver(schema),
    values: { phoneNumber: details.phoneNumber ?? '' },
    resetOptions: { keepDirtyValues: true },
  });
  const { errors } = form.formState;
  const save = useSaveDetails(details.id, ['phoneNumber'] as const, form.setError);
  // Compared with the saved number, not the form's dirty flag: a save's answer and the form's
  // own reset may land in either order. The server keeps +44…, the form may hold 0….
  const typed = useWatch({ control: form.control, name: 'phoneNumber' }) ?? '';
  const intl = (n: string) => (normaliseUkPhone(n) ?? n.trim()).replace(/^0/, '+44');
  const changed = intl(typed) !== intl(details.phoneNumber ?? '');
  return (
    <DetailForm
      id="settings-phone"
      title="Phone number"
      submitLabel="Save phone number"
      busy={save.busy}
      canSubmit={changed}
      formError={save.formError}
      onSubmit={form.handleSubmit(async (v) => {
        const phoneNumber = normaliseUkPhone(v.phoneNumber) ?? v.phoneNumber.trim();
        const saved = await save.submit({ phoneNumber });
        if (saved) form.reset({ phoneNumber: saved.phoneNumber ?? '' });
      })}
    >
      <TextField
        label="Phone number"
        type="tel"
        autoComplete="tel"
        required
        fullWidth
        {...fieldProps(form.register, errors, 'phoneNumber', {
          hint: 'A UK number, like 07700 900123',
        })}
      />
    </DetailForm>
  );
}

function currentName(details: UserDetails): LegalName | undefined {
  return details.legalNames.find((n) => !n.until);
}

export function LegalNameForm({ details }: { details: UserDetails }) {
  const schema = useMemo(() => settingsSchemas().legalName, []);
  const current = currentName(details);
  const form = useForm<LegalNameValues>({
    resolver: zodResolver(schema),
    values: {
      firstName: current?.firstName ?? '',
      middleNames: current?.middleNames ?? '',
      surname: current?.surname ?? '',
    },
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isDirty } = form.formState;
  const fields = ['firstName', 'middleNames', 'surname'] as const;
  const save = useSaveDetails(details.id, fields, form.setError);
  return (
    <DetailForm
      id="settings-legal-name"
      title="Legal name"
      submitLabel="Save legal name"
      busy={save.busy}
      canSubmit={isDirty}
      formError={save.formError}
      onSubmit={form.handleSubmit(async (v) => {
        const middleNames = v.middleNames.trim();
        const saved = await save.submit({
          firstName: v.firstName.trim(),
          middleNames: middleNames === '' ? null : middleNames,
          surname: v.surname.trim(),
        });
        const now = saved && currentName(saved);
        if (now) {
          form.reset({
            firstName: now.firstName,
            middleNames: now.middleNames ?? '',
            surname: now.surname,
          });
        }
      })}
    >
      <Typography variant="body2" color="text.secondary">
        {SETTINGS_TEXT.legalNameHelp}
      </Typography>
      <TextField
        label="Legal first name"
        autoComplete="given-name"
        required
        fullWidth
        {...fieldProps(form.register, errors, 'firstName')}
      />
      <TextField
        label="Middle names (optional)"
        autoComplete="additional-name"
        fullWidth
        {...fieldProps(form.register, errors, 'middleNames')}
      />
      <TextField
        label="Surname"
        autoComplete="family-name"
        required
        fullWidth
        {...fieldProps(form.register, errors, 'surname')}
      />
    </DetailForm>
  );
}

export function DateOfBirthForm({ details }: { details: UserDetails }) {
  const schema = useMemo(() => settingsSchemas().dateOfBirth, []);
  const locked = details.dateOfBirthLocked;
  const form = useForm<DateOfBirthValues>({
    resolver: zodResolver(schema),
    values: { dateOfBirth: details.dateOfBirth ?? '' },
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isDirty } = form.formState;
  const save = useSaveDetails(details.id, ['dateOfBirth'] as const, form.setError);
  return (
    <DetailForm
      id="settings-date-of-birth"
      title="Date of birth"
      submitLabel={locked ? undefined : 'Save date of birth'}
      busy={save.busy}
      canSubmit={isDirty}
      formError={save.formError}
      onSubmit={form.handleSubmit(async (v) => {
        const saved = await save.submit({ dateOfBirth: v.dateOfBirth });
        if (saved) form.reset({ dateOfBirth: saved.dateOfBirth ?? '' });
      })}
    >
      <TextField
        label="Date of birth"
        type="date"
        autoComplete="bday"
        required
        fullWidth
        disabled={locked}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: locked ? { 'aria-describedby': 'settings-date-of-birth-locked' } : {},
        }}
        error={!!errors.dateOfBirth}
        helperText={locked ? undefined : (errors.dateOfBirth?.message ?? 'You must be 18 or over')}
        {...muiField(form.register('dateOfBirth'))}
      />
      {locked && (
        // Not the disabled field's helper text: that is greyed out below the contrast minimum.
        <Typography id="settings-date-of-birth-locked" variant="body2" color="text.secondary">
          {SETTINGS_TEXT.dobLocked}
        </Typography>
      )}
    </DetailForm>
  );
}
