import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { RouterLink } from '../../../components/RouterLink';
import type {
  BuyingExpanded,
  ExpandedCase,
  GroundRentFrequency,
  LandOwnership,
  PropertyType,
  Tenure,
} from '../../../lib/api/types';
import { formatMoney } from '../../../lib/format';
import { CASE_TYPE } from '../../cases';
import { isBuying, kindOf } from '../caseKind';
import { useSaveGroundRent } from '../api/saveGroundRent';
import { useSaveProperty } from '../api/saveProperty';
import { RadioField, SelectField, TextInputField } from '../components/fields';
import { FormError } from '../components/FormError';
import { SaveRow } from '../components/SaveStatus';
import { SummaryList, type SummaryRow } from '../../../components/SummaryList';
import { propertyAddress } from '../../cases';
import {
  APPLICATION_TEXTS,
  KEY_FACTS_TEXTS,
  LAND_OWNERSHIP_OPTIONS,
  PROPERTY_TEXTS,
  TENURE_OPTIONS,
} from '../texts';
import { GROUND_RENT_FREQUENCY_LABELS, PROPERTY_TYPE_LABELS } from '../../../lib/labels';
import { useDraft } from '../useDraft';
import { applyServerErrors, penceToPounds, poundsToPence } from '../validation';

const LAND_OWNERSHIPS = LAND_OWNERSHIP_OPTIONS.map((o) => o.value) as string[];
const PROPERTY_TYPES = Object.keys(PROPERTY_TYPE_LABELS);
const TENURES = TENURE_OPTIONS.map((o) => o.value) as string[];
const FREQUENCIES = Object.keys(GROUND_RENT_FREQUENCY_LABELS);

/** The form's rules; a remortgage's leasehold asks for its ground rent (a purchase's does not). */
function propertySchemaFor(askGroundRent: boolean) {
  return z
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
      if (!askGroundRent || values.tenure !== 'LEASEHOLD') return;
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
}

export const propertySchema = propertySchemaFor(true);
const buyingPropertySchema = propertySchemaFor(false);

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

const yesNoText = (value: boolean) => (value ? APPLICATION_TEXTS.yes : APPLICATION_TEXTS.no);

/** What a purchase's Property section shows from the key facts (changed there, not here). */
function purchaseFacts(expanded: BuyingExpanded): SummaryRow[] {
  return [
    {
      term: KEY_FACTS_TEXTS.purchasePrice,
      value:
        expanded.purchasePrice != null
          ? formatMoney(expanded.purchasePrice)
          : APPLICATION_TEXTS.notGiven,
    },
    { term: KEY_FACTS_TEXTS.newBuild, value: yesNoText(expanded.isNewBuild) },
    { term: KEY_FACTS_TEXTS.sharedOwnership, value: yesNoText(expanded.isSharedOwnership) },
  ];
}

/**
 * Property Details of a remortgage (/application/property-details) and Property of a purchase
 * (/application/property), one form fed by the case type: how the owners (or buyers) own the
 * property, its type and tenure (POST /property with the case type). A remortgage's leasehold
 * also gives its ground rent (POST …/ground-rent, after the tenure is saved, as the server needs
 * it). The address — and for a purchase the price, new build and shared ownership — come from
 * the key facts and are changed there. Tenants in common give their shares with the owners or
 * buyers (Owners, Buyer Details: TenancySplitPart, POST /tenancy-split, which the server files
 * under that section); a purchase's Property says where once the ownership is saved.
 */
export function PropertyDetailsSection({
  caseId,
  expanded,
}: {
  caseId: string;
  expanded: ExpandedCase;
}) {
  const kind = kindOf(expanded);
  const purchase = isBuying(expanded) ? expanded : null;
  const groundRent = purchase || !('groundRent' in expanded) ? null : expanded.groundRent;
  const saveProperty = useSaveProperty();
  const saveGroundRent = useSaveGroundRent(caseId);
  const [failure, setFailure] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const form = useForm<PropertyValues>({
    resolver: zodResolver(purchase ? buyingPropertySchema : propertySchema),
    defaultValues: {
      landOwnership: expanded.property.landOwnership ?? '',
      propertyType: expanded.property.type ?? '',
      tenure: expanded.property.tenure ?? '',
      groundRentAmount: penceToPounds(groundRent?.amount),
      groundRentFrequency: groundRent?.frequency ?? '',
    },
  });
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const forgetDraft = useDraft(
    purchase ? `buying:${caseId}:property` : `${caseId}:property-details`,
    form,
  );
  const tenure = useWatch({ control, name: 'tenure' });
  const askGroundRent = !purchase && tenure === 'LEASEHOLD';
  const saving = isSubmitting || saveProperty.isPending || saveGroundRent.isPending;

  const onSubmit = async (values: PropertyValues) => {
    setFailure(null);
    setSaved(false);
    try {
      await saveProperty.mutateAsync({
        caseType: CASE_TYPE[kind],
        caseId: Number(caseId),
        landOwnership: values.landOwnership as LandOwnership,
        propertyType: values.propertyType as PropertyType,
        tenure: values.tenure as Tenure,
      });
    } catch (error) {
      if (applyServerErrors(error, setError, PROPERTY_FIELDS)) setFailure(error);
      return;
    }
    if (!purchase && values.tenure === 'LEASEHOLD') {
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

  const address: SummaryRow = {
    term: PROPERTY_TEXTS.address,
    value: propertyAddress(expanded.property) ?? APPLICATION_TEXTS.notGiven,
  };
  return (
    <Stack spacing={4}>
      <Stack component="form" noValidate spacing={4} onSubmit={handleSubmit(onSubmit)}>
        <Box>
          <SummaryList rows={purchase ? [address, ...purchaseFacts(purchase)] : [address]} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {purchase ? PROPERTY_TEXTS.keyFactsHint : PROPERTY_TEXTS.addressHint}{' '}
            {purchase && (
              <RouterLink
                to="/$caseType/$caseId/application/$section"
                params={{ caseType: kind, caseId, section: 'key-facts' }}
              >
                {PROPERTY_TEXTS.changeKeyFacts}
              </RouterLink>
            )}
          </Typography>
        </Box>
        <RadioField
          control={control}
          name="landOwnership"
          legend={purchase ? PROPERTY_TEXTS.buyingLandOwnership : PROPERTY_TEXTS.landOwnership}
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
        {askGroundRent && (
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
        <SaveRow label={APPLICATION_TEXTS.save} saving={saving} saved={saved} />
      </Stack>
      {purchase && expanded.property.landOwnership === 'TENANTS_IN_COMMON' && (
        <Typography data-testid="shares-with-buyers">
          {PROPERTY_TEXTS.sharesWithBuyers}{' '}
          <RouterLink
            to="/$caseType/$caseId/application/$section"
            params={{ caseType: kind, caseId, section: 'buyer-details' }}
          >
            {PROPERTY_TEXTS.buyerDetails}
          </RouterLink>
          .
        </Typography>
      )}
    </Stack>
  );
}
