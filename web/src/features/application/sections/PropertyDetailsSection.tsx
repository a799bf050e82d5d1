import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import type {
  GroundRentFrequency,
  LandOwnership,
  PropertyType,
  RemortgagingExpanded,
  Tenure,
} from '../../../lib/api/types';
import { useSaveGroundRent } from '../api/saveGroundRent';
import { useSaveProperty } from '../api/saveProperty';
import { RadioField, SelectField, TextInputField } from '../components/fields';
import { FormError } from '../components/FormError';
import { SaveStatus } from '../components/SaveStatus';
import { SummaryList } from '../components/SummaryList';
import { propertyAddress } from '../summaries';
import {
  APPLICATION_TEXTS,
  GROUND_RENT_FREQUENCY_LABELS,
  LAND_OWNERSHIP_OPTIONS,
  PROPERTY_TEXTS,
  PROPERTY_TYPE_LABELS,
  TENURE_OPTIONS,
} from '../texts';
import { useDraft } from '../useDraft';
import { applyServerErrors, penceToPounds, poundsToPence } from '../validation';

const LAND_OWNERSHIPS = LAND_OWNERSHIP_OPTIONS.map((o) => o.value) as string[];
const PROPERTY_TYPES = Object.keys(PROPERTY_TYPE_LABELS);
const TENURES = TENURE_OPTIONS.map((o) => o.value) as string[];
const FREQUENCIES = Object.keys(GROUND_RENT_FREQUENCY_LABELS);

export const propertySchema = z
  .object({
    landOwnership: z
      .string()
      .refine((v) => LAND_OWNERSHIPS.includes(v), PROPERTY_TEXTS.landOwnershipRequired),
    propertyType: z
      .string()
      .refine((v) => PROPERTY_TYPES.includes(v), PROPERTY_TEXTS.propertyTypeRequired),
    tenure: z.string().refine((v) => TENURES.includes(v), PROPERTY_TEXTS.tenureRequired),
    groundRentAmount: z.string(),
    groundRentFrequency: z.string(),
  })
  .superRefine((values, ctx) => {
    if (values.tenure !== 'LEASEHOLD') return;
    if (values.groundRentAmount.trim() === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['groundRentAmount'],
        message: PROPERTY_TEXTS.amountRequired,
      });
    } else if (poundsToPence(values.groundRentAmount) === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['groundRentAmount'],
        message: PROPERTY_TEXTS.amountInvalid,
      });
    }
    if (!FREQUENCIES.includes(values.groundRentFrequency)) {
      ctx.addIssue({
        code: 'custom',
        path: ['groundRentFrequency'],
        message: PROPERTY_TEXTS.frequencyRequired,
      });
    }
  });

type PropertyValues = z.infer<typeof propertySchema>;

const PROPERTY_FIELDS = {
  landOwnership: 'landOwnership',
  propertyType: 'propertyType',
  type: 'propertyType',
  tenure: 'tenure',
} as const;
const GROUND_RENT_FIELDS = {
  amount: 'groundRentAmount',
  frequency: 'groundRentFrequency',
} as const;

const PROPERTY_TYPE_OPTIONS = Object.entries(PROPERTY_TYPE_LABELS).map(([value, label]) => ({
  value,
  label,
}));
const FREQUENCY_OPTIONS = Object.entries(GROUND_RENT_FREQUENCY_LABELS).map(([value, label]) => ({
  value,
  label,
}));

/**
 * Property Details (/application/property-details): how the owners own the property, its type
 * and tenure (POST /property); for a leasehold, the ground rent (POST …/ground-rent, after the
 * tenure is saved, as the server needs it). The address comes from the key facts.
 */
export function PropertyDetailsSection({
  caseId,
  expanded,
}: {
  caseId: string;
  expanded: RemortgagingExpanded;
}) {
  const saveProperty = useSaveProperty();
  const saveGroundRent = useSaveGroundRent(caseId);
  const [failure, setFailure] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const form = useForm<PropertyValues>({
    resolver: zodResolver(propertySchema),
    defaultValues: {
      landOwnership: expanded.property.landOwnership ?? '',
      propertyType: expanded.property.type ?? '',
      tenure: expanded.property.tenure ?? '',
      groundRentAmount: penceToPounds(expanded.groundRent?.amount),
      groundRentFrequency: expanded.groundRent?.frequency ?? '',
    },
  });
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const forgetDraft = useDraft(`${caseId}:property-details`, form);
  const leasehold = useWatch({ control, name: 'tenure' }) === 'LEASEHOLD';
  const saving = isSubmitting || saveProperty.isPending || saveGroundRent.isPending;

  const onSubmit = async (values: PropertyValues) => {
    setFailure(null);
    setSaved(false);
    try {
      await saveProperty.mutateAsync({
        caseType: 'REMORTGAGING',
        caseId: Number(caseId),
        landOwnership: values.landOwnership as LandOwnership,
        propertyType: values.propertyType as PropertyType,
        tenure: values.tenure as Tenure,
      });
    } catch (error) {
      if (applyServerErrors(error, setError, PROPERTY_FIELDS)) setFailure(error);
      return;
    }
    if (values.tenure === 'LEASEHOLD') {
      try {
        await saveGroundRent.mutateAsync({
          amount: poundsToPence(values.groundRentAmount) ?? 0,
          frequency: values.groundRentFrequency as GroundRentFrequency,
        });
      } catch (error) {
        if (applyServerErrors(error, setError, GROUND_RENT_FIELDS)) setFailure(error);
        return;
      }
    }
    forgetDraft();
    setSaved(true);
  };

  return (
    <Stack component="form" noValidate spacing={4} onSubmit={handleSubmit(onSubmit)}>
      <Box>
        <SummaryList
          rows={[
            {
              term: PROPERTY_TEXTS.address,
              value: propertyAddress(expanded.property) ?? APPLICATION_TEXTS.notGiven,
            },
          ]}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {PROPERTY_TEXTS.addressHint}
        </Typography>
      </Box>
      <RadioField
        control={control}
        name="landOwnership"
        legend={PROPERTY_TEXTS.landOwnership}
        options={LAND_OWNERSHIP_OPTIONS}
        error={errors.landOwnership?.message}
        disabled={saving}
      />
      <SelectField
        label={PROPERTY_TEXTS.propertyType}
        registration={register('propertyType')}
        options={PROPERTY_TYPE_OPTIONS}
        error={errors.propertyType?.message}
        disabled={saving}
      />
      <RadioField
        control={control}
        name="tenure"
        legend={PROPERTY_TEXTS.tenure}
        options={TENURE_OPTIONS}
        error={errors.tenure?.message}
        disabled={saving}
      />
      {leasehold && (
        <Box
          component="fieldset"
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0, minWidth: 0 }}
        >
          <Typography component="legend" variant="h3" sx={{ fontSize: '1.1rem', px: 0.5 }}>
            {PROPERTY_TEXTS.groundRentHeading}
          </Typography>
          <Stack spacing={3}>
            <Typography variant="body2">{PROPERTY_TEXTS.groundRentIntro}</Typography>
            <TextInputField
              label={PROPERTY_TEXTS.groundRentAmount}
              registration={register('groundRentAmount')}
              kind="money"
              hint={PROPERTY_TEXTS.groundRentAmountHint}
              error={errors.groundRentAmount?.message}
              disabled={saving}
            />
            <RadioField
              control={control}
              name="groundRentFrequency"
              legend={PROPERTY_TEXTS.groundRentFrequency}
              options={FREQUENCY_OPTIONS}
              error={errors.groundRentFrequency?.message}
              disabled={saving}
            />
          </Stack>
        </Box>
      )}
      <FormError error={failure} />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <Button type="submit" variant="contained" disabled={saving}>
          {APPLICATION_TEXTS.save}
        </Button>
        <SaveStatus saving={saving} saved={saved} />
      </Stack>
    </Stack>
  );
}
