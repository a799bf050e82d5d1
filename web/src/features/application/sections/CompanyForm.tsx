import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import type { Company, Owner } from '../../../lib/api/types';
import { fieldProps } from '../../../lib/form';
import { useSaveCompany } from '../api/saveCompany';
import { FormError } from '../components/FormError';
import { COMPANY_TEXTS as T } from '../companyTexts';
import { applyServerErrors } from '../validation';
import {
  COMPANY_FIELDS,
  companyBody,
  companySchema,
  defaultsFor,
  type CompanyValues,
} from './companyValues';
import { SubmitButton } from './ownersControls';

export function CompanyForm({
  caseId,
  owners,
  company,
  focusFirst,
  onSaved,
  onCancel,
}: {
  caseId: string;
  owners: readonly Owner[];
  company: Company | null;
  /** Opened with 'Change': the first field takes the focus. */
  focusFirst: boolean;
  onSaved: () => void;
  /** Back to the summary without saving (only once a company is recorded). */
  onCancel?: () => void;
}) {
  const save = useSaveCompany(caseId);
  const officersId = useId();
  const [failure, setFailure] = useState<unknown>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<CompanyValues>({
    resolver: zodResolver(companySchema),
    defaultValues: defaultsFor(company, owners),
  });
  useEffect(() => {
    if (focusFirst) setFocus('registeredName');
  }, [focusFirst, setFocus]);

  const onSubmit = async (values: CompanyValues) => {
    setFailure(null);
    try {
      await save.mutateAsync(companyBody(values));
      onSaved();
    } catch (error) {
      if (applyServerErrors(error, setError, COMPANY_FIELDS)) setFailure(error);
    }
  };
  // A problem with the officers as a whole (no director; an owner no longer on the case): the
  // resolver puts it on the list's root, the server's 422 on the list.
  const officersError = errors.officers?.root?.message ?? errors.officers?.message;
  const text = (name: keyof CompanyValues, label: string, hint?: string) => ({
    label,
    fullWidth: true,
    ...fieldProps(register, errors, name, { hint }),
    slotProps: { formHelperText: errors[name] ? { role: 'alert' } : {} },
  });

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={handleSubmit(onSubmit)}
      sx={{ pt: 2, borderTop: 1, borderColor: 'divider' }}
    >
      <TextField
        {...text('registeredName', T.registeredNameLabel, T.registeredNameHelp)}
        required
        autoComplete="organization"
      />
      <TextField
        {...text('companyNumber', T.companyNumberLabel, T.companyNumberHelp)}
        required
        autoComplete="off"
        slotProps={{
          formHelperText: errors.companyNumber ? { role: 'alert' } : {},
          htmlInput: { autoCapitalize: 'characters', spellCheck: false },
        }}
      />
      <Typography variant="h3" sx={{ fontSize: '1.15rem', fontWeight: 600 }}>
        {T.officeHeading}
      </Typography>
      <TextField {...text('addressLine1', T.addressLine1Label)} required autoComplete="off" />
      <TextField {...text('addressLine2', T.addressLine2Label)} autoComplete="off" />
      <TextField {...text('town', T.townLabel)} required autoComplete="off" />
      <TextField
        {...text('postcode', T.postcodeLabel)}
        required
        autoComplete="off"
        slotProps={{
          formHelperText: errors.postcode ? { role: 'alert' } : {},
          htmlInput: { autoCapitalize: 'characters' },
        }}
      />
      <FormControl
        component="fieldset"
        error={!!officersError}
        aria-describedby={`${officersId}-hint`}
      >
        <FormLabel component="legend" sx={{ fontWeight: 600, color: 'text.primary' }}>
          {T.officersLegend}
        </FormLabel>
        <Typography
          id={`${officersId}-hint`}
          variant="body2"
          color="text.secondary"
          sx={{ mt: 0.5 }}
        >
          {T.officersHint} {T.ownersNote}
        </Typography>
        {owners.map((owner, i) => (
          <Box
            key={owner.id}
            component="fieldset"
            sx={{ border: 0, m: 0, mt: 1.5, p: 0, minWidth: 0 }}
          >
            <Typography component="legend" sx={{ p: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
              {owner.user.preferredName}
            </Typography>
            <FormGroup row sx={{ columnGap: 2 }}>
              <OfficerCheckbox
                control={control}
                name={`officers.${i}.isDirector`}
                label={T.director}
              />
              <OfficerCheckbox
                control={control}
                name={`officers.${i}.isGuarantor`}
                label={T.guarantor}
              />
            </FormGroup>
          </Box>
        ))}
      </FormControl>
      {officersError && (
        <Alert severity="error" role="alert" data-testid="company-officers-error">
          {officersError}
        </Alert>
      )}
      <FormError error={failure} fields={COMPANY_FIELDS} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <SubmitButton busy={isSubmitting} label={T.save} />
        {onCancel && (
          <Button variant="text" onClick={onCancel} disabled={isSubmitting}>
            {T.cancel}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}

/** One of an owner's two boxes (Director, Personal guarantor), bound to the form. */
function OfficerCheckbox({
  control,
  name,
  label,
}: {
  control: Control<CompanyValues>;
  name: `officers.${number}.isDirector` | `officers.${number}.isGuarantor`;
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          control={
            <Checkbox
              name={field.name}
              checked={field.value}
              onChange={(e) => field.onChange(e.target.checked)}
              onBlur={field.onBlur}
              slotProps={{ input: { ref: field.ref } }}
            />
          }
        />
      )}
    />
  );
}
