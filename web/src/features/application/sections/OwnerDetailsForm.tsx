import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, TextField, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { RouterLink } from '../../../components/RouterLink';
import type { Owner } from '../../../lib/api/types';
import { fieldProps } from '../../../lib/form';
import { AddressLookup } from '../../address';
import type { CaseKind } from '../../cases';
import { useSaveApplicantDetails } from '../api/saveApplicantDetails';
import { YesNoField } from '../components/fields';
import { FormError } from '../components/FormError';
import { SaveStatus } from '../components/SaveStatus';
import { PARTY_TEXTS } from '../ownersTexts';
import { applyServerErrors, type ServerFieldMap } from '../validation';
import { h4Sx, SubmitButton } from './ownersControls';
import { formatNiNumber, normaliseNiNumber } from './ownersFormat';
import { ASKS_FULL_ADDRESS, ownerDetailsSchema, type OwnerDetailsValues } from './ownersSchemas';

const DETAILS_FIELDS: ServerFieldMap<OwnerDetailsValues> = {
  livesAtProperty: 'livesAtProperty',
  addressLine1: 'addressLine1',
  address: 'addressLine1',
  'address.line1': 'addressLine1',
  addressLine2: 'addressLine2',
  town: 'town',
  postcode: 'postcode',
  occupation: 'occupation',
  nationalInsuranceNumber: 'nationalInsuranceNumber',
  isUkResident: 'isUkResident',
};

/** A field left out of the request when left empty. */
function optional<K extends string>(key: K, value: string): Partial<Record<K, string>> {
  const trimmed = value.trim();
  return trimmed ? ({ [key]: trimmed } as Record<K, string>) : {};
}

export function OwnerDetailsForm({
  kind,
  caseId,
  owner,
  isMe,
  propertyAddress,
}: {
  kind: CaseKind;
  caseId: string;
  owner: Owner;
  isMe: boolean;
  /** The remortgaged property's address; null for a purchase (a buyer is not asked). */
  propertyAddress: string | null;
}) {
  const T = PARTY_TEXTS[kind];
  const headingId = useId();
  const save = useSaveApplicantDetails(kind, caseId, owner.id);
  const [failure, setFailure] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<OwnerDetailsValues>({
    resolver: zodResolver(ownerDetailsSchema(kind, propertyAddress !== null)),
    defaultValues: {
      livesAtProperty: owner.livesAtProperty ?? null,
      addressLine1: owner.user.address.line1 ?? '',
      addressLine2: owner.user.address.line2 ?? '',
      town: owner.user.address.town ?? '',
      postcode: owner.user.address.postcode ?? '',
      occupation: owner.user.occupation ?? '',
      nationalInsuranceNumber: owner.user.nationalInsuranceNumber
        ? formatNiNumber(owner.user.nationalInsuranceNumber)
        : '',
      isUkResident: owner.isUkResident ?? null,
    },
  });
  const onSubmit = async (values: OwnerDetailsValues) => {
    setFailure(null);
    setSaved(false);
    const occupation = values.occupation.trim();
    const ni = normaliseNiNumber(values.nationalInsuranceNumber);
    try {
      await save.mutateAsync({
        ...(values.livesAtProperty
          ? { livesAtProperty: true }
          : {
              ...(propertyAddress !== null ? { livesAtProperty: false } : {}),
              addressLine1: values.addressLine1.trim(),
              ...optional('addressLine2', values.addressLine2),
              ...optional('town', values.town),
              ...optional('postcode', values.postcode),
            }),
        ...(occupation ? { occupation } : {}),
        ...(ni ? { nationalInsuranceNumber: ni } : {}),
        ...(values.isUkResident !== null ? { isUkResident: values.isUkResident } : {}),
      });
      reset(values);
      setSaved(true);
    } catch (error) {
      if (applyServerErrors(error, setError, DETAILS_FIELDS)) setFailure(error);
    }
  };
  const name = owner.user.preferredName;
  const livesAtProperty = useWatch({ control, name: 'livesAtProperty' });
  const asksAddress = propertyAddress === null || livesAtProperty === false;
  const fill = { shouldDirty: true, shouldValidate: true } as const;
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      aria-labelledby={headingId}
      onSubmit={handleSubmit(onSubmit)}
      sx={{ pt: 2, borderTop: 1, borderColor: 'divider' }}
    >
      <Typography id={headingId} variant="h4" sx={h4Sx}>
        {isMe ? T.detailsHeading : T.detailsHeadingFor(name)}
      </Typography>
      {isMe && (
        <Typography variant="body2">
          {T.profileNote} <RouterLink to="/settings">{T.profileLink}</RouterLink>.
        </Typography>
      )}
      <FormError error={failure} fields={DETAILS_FIELDS} />
      {propertyAddress !== null && (
        <Controller
          control={control}
          name="livesAtProperty"
          render={({ field, fieldState }) => (
            <YesNoField
              name={`lives-at-property-${owner.id}`}
              legend={isMe ? T.livesAtPropertyLegend : T.livesAtPropertyLegendFor(name)}
              hint={T.livesAtPropertyHint(propertyAddress)}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={fieldState.error?.message}
            />
          )}
        />
      )}
      {asksAddress && (
        <>
          <AddressLookup
            onChoose={(address) => {
              setValue('addressLine1', address.addressLine1, fill);
              setValue('addressLine2', address.addressLine2 ?? '', fill);
              setValue('town', address.town, fill);
              setValue('postcode', address.postcode, fill);
            }}
          />
          <TextField
            label={T.addressLabel}
            autoComplete={isMe ? 'address-line1' : 'off'}
            required
            fullWidth
            {...fieldProps(register, errors, 'addressLine1', { hint: T.addressHelp })}
          />
          <TextField
            label={T.addressLine2Label}
            autoComplete={isMe ? 'address-line2' : 'off'}
            fullWidth
            {...fieldProps(register, errors, 'addressLine2')}
          />
          <TextField
            label={T.townLabel}
            autoComplete={isMe ? 'address-level2' : 'off'}
            required={ASKS_FULL_ADDRESS[kind]}
            fullWidth
            {...fieldProps(register, errors, 'town')}
          />
          <TextField
            label={T.postcodeLabel}
            autoComplete={isMe ? 'postal-code' : 'off'}
            required={ASKS_FULL_ADDRESS[kind]}
            fullWidth
            slotProps={{ htmlInput: { autoCapitalize: 'characters' } }}
            {...fieldProps(register, errors, 'postcode')}
          />
        </>
      )}
      <TextField
        label={T.occupationLabel}
        autoComplete={isMe ? 'organization-title' : 'off'}
        fullWidth
        {...fieldProps(register, errors, 'occupation')}
      />
      <TextField
        label={T.niLabel}
        autoComplete="off"
        fullWidth
        slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
        {...fieldProps(register, errors, 'nationalInsuranceNumber', { hint: T.niHelp })}
      />
      <Controller
        control={control}
        name="isUkResident"
        render={({ field, fieldState }) => (
          <YesNoField
            name={`uk-resident-${owner.id}`}
            legend={isMe ? T.ukResidentLegend : T.ukResidentLegendFor(name)}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldState.error?.message}
          />
        )}
      />
      <SaveStatus saved={saved && !isSubmitting} savedText={T.saved} />
      <SubmitButton busy={isSubmitting} label={T.saveDetails} />
    </Stack>
  );
}
