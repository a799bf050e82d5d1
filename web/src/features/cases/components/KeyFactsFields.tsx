import {
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  TextField,
} from '@mui/material';
import { Controller, useFormContext, useFormState, useWatch } from 'react-hook-form';
import type { FoundAddress } from '../../../lib/api/types';
import { fieldProps } from '../../../lib/form';
import { AddressLookup } from '../../address';
import {
  JURISDICTION_LABELS,
  LENDERS,
  PROPERTY_TYPE_LABELS,
  REMORTGAGING_REASON_LABELS,
  TENURE_LABELS,
} from '../../../lib/labels';
import { KIND_WORDS, type CaseKind } from '../caseTypes';
import { JURISDICTIONS, PROPERTY_TYPES, REASONS, TENURES } from '../keyFacts';
import { PRICE_TEXTS, PRICE_TITLE, STAIRCASING_TEXTS } from '../texts';
import {
  asksPriceQuestion,
  PRICE_FIELDS,
  STAIRCASING,
  type KeyFactsValues,
  type PriceField,
} from '../validation';

/**
 * The groups of key facts: the eligibility questions, the property and figures, and for a
 * purchase what affects its price (the start form shows one group per step, the edit form all).
 */
export type KeyFactsPart = 'eligibility' | 'property' | 'price';

/** Each group's heading. */
export const KEY_FACTS_PART_TITLES: Record<KeyFactsPart, string> = {
  eligibility: 'About the property',
  property: 'Property and figures',
  price: PRICE_TITLE,
};

/** The groups a case type asks, in order: only a purchase has the price group. */
const KEY_FACTS_PARTS: Record<CaseKind, KeyFactsPart[]> = {
  remortgaging: ['eligibility', 'property'],
  buying: ['eligibility', 'property', 'price'],
};

export function keyFactsParts(kind: CaseKind): KeyFactsPart[] {
  return KEY_FACTS_PARTS[kind];
}

type YesNoName =
  'isDependentOnSale' | 'isCompanyOwned' | 'isBuyToLet' | 'isResidential' | PriceField;

/** A required yes/no question; `hint`, under the question, says how to answer it. */
function YesNo({ name, label, hint }: { name: YesNoName; label: string; hint?: string }) {
  const { control } = useFormContext<KeyFactsValues>();
  const hintId = `${name}-hint`;
  const errorId = `${name}-error`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const describedBy = [hint && hintId, fieldState.error && errorId].filter(Boolean).join(' ');
        return (
          <FormControl error={!!fieldState.error} component="fieldset">
            <FormLabel component="legend" id={`${name}-label`}>
              {label}
            </FormLabel>
            {hint && (
              <FormHelperText id={hintId} error={false} sx={{ mx: 0 }}>
                {hint}
              </FormHelperText>
            )}
            <RadioGroup
              row
              {...field}
              value={field.value ?? ''}
              aria-labelledby={`${name}-label`}
              aria-describedby={describedBy || undefined}
            >
              <FormControlLabel value="yes" control={<Radio />} label="Yes" />
              <FormControlLabel value="no" control={<Radio />} label="No" />
            </RadioGroup>
            {fieldState.error && (
              <FormHelperText id={errorId}>{fieldState.error.message}</FormHelperText>
            )}
          </FormControl>
        );
      }}
    />
  );
}

/**
 * What changes a purchase's price (issue 28): each question with how to answer it. Whether the
 * purchase replaces a main residence is asked only once a buyer will own more than one home,
 * whether the seller grants a new lease only for a leasehold.
 */
function PriceFields() {
  const { control } = useFormContext<KeyFactsValues>();
  const [resultsInMultipleProperties, tenure] = useWatch({
    control,
    name: ['resultsInMultipleProperties', 'tenure'],
  });
  return (
    <>
      {PRICE_FIELDS.filter((name) =>
        asksPriceQuestion(name, { resultsInMultipleProperties, tenure }),
      ).map((name) => (
        <YesNo
          key={name}
          name={name}
          label={PRICE_TEXTS[name].question}
          hint={PRICE_TEXTS[name].hint}
        />
      ))}
    </>
  );
}

/**
 * A remortgage to buy a further share (issue 28): the shares, the price and the market value
 * election its land tax needs, shown only for that reason.
 */
function StaircasingFields() {
  const { register, control } = useFormContext<KeyFactsValues>();
  const { errors } = useFormState({ control });
  const reason = useWatch({ control, name: 'reason' });
  if (reason !== STAIRCASING) return null;
  const T = STAIRCASING_TEXTS;
  const election = T.marketValueElectionMade;
  return (
    <>
      <FormHelperText sx={{ mx: 0 }} data-testid="staircasing-intro">
        {T.intro}
      </FormHelperText>
      {(['staircasingShareBefore', 'staircasingShareAfter', 'staircasingPrice'] as const).map(
        (name) => (
          <TextField
            key={name}
            label={T[name].label}
            inputMode="decimal"
            {...fieldProps(register, errors, name)}
          />
        ),
      )}
      <TextField
        select
        label={election.label}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        {...fieldProps(register, errors, 'marketValueElectionMade', { hint: election.hint })}
      >
        <option value="">{election.notSure}</option>
        <option value="yes">Yes</option>
        <option value="no">No</option>
      </TextField>
    </>
  );
}

function EligibilityFields({ kind }: { kind: CaseKind }) {
  const { register, control } = useFormContext<KeyFactsValues>();
  const { errors } = useFormState({ control, name: 'jurisdiction' });
  return (
    <>
      <TextField
        select
        label="Where is the property?"
        required
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        {...fieldProps(register, errors, 'jurisdiction')}
        defaultValue=""
      >
        <option value="" disabled>
          Choose a country
        </option>
        {JURISDICTIONS.map((value) => (
          <option key={value} value={value}>
            {JURISDICTION_LABELS[value]}
          </option>
        ))}
      </TextField>
      <YesNo
        name="isDependentOnSale"
        label={`Is the ${KIND_WORDS[kind].noun} dependent on a sale?`}
      />
      <YesNo name="isCompanyOwned" label="Is the property owned by a company?" />
      <YesNo name="isBuyToLet" label="Is it a buy-to-let property?" />
      <YesNo name="isResidential" label="Is the property residential?" />
    </>
  );
}

/** The fields whose label (or presence) differs per kind. */
const FIELD_LABELS: Record<
  CaseKind,
  { value: string; secondAmount: string; lender: string; date: string; asksReason: boolean }
> = {
  remortgaging: {
    value: 'Property value (£)',
    secondAmount: 'Loan amount (£, optional)',
    lender: 'New lender (optional)',
    date: 'Current deal end date (optional)',
    asksReason: true,
  },
  buying: {
    value: 'Purchase price (£)',
    secondAmount: 'Deposit (£, optional)',
    lender: 'Lender (optional)',
    date: 'Target move-in date (optional)',
    asksReason: false,
  },
};

function PropertyFields({ kind, isBroker }: { kind: CaseKind; isBroker: boolean }) {
  const { register, control, setValue } = useFormContext<KeyFactsValues>();
  const { errors } = useFormState({ control });
  const labels = FIELD_LABELS[kind];
  const fill = (address: FoundAddress) => {
    const set = { shouldDirty: true, shouldValidate: true } as const;
    setValue('addressLine1', address.addressLine1, set);
    setValue('addressLine2', address.addressLine2 ?? '', set);
    setValue('town', address.town, set);
    setValue('county', address.county ?? '', set);
    setValue('postcode', address.postcode, set);
  };
  return (
    <>
      <AddressLookup onChoose={fill} />
      <TextField
        label="Address line 1"
        required
        {...fieldProps(register, errors, 'addressLine1')}
      />
      <TextField
        label="Address line 2 (optional)"
        {...fieldProps(register, errors, 'addressLine2')}
      />
      <TextField label="Town (optional)" {...fieldProps(register, errors, 'town')} />
      <TextField label="County (optional)" {...fieldProps(register, errors, 'county')} />
      <TextField label="Postcode" required {...fieldProps(register, errors, 'postcode')} />
      <TextField
        select
        label="Tenure (optional)"
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        {...fieldProps(register, errors, 'tenure')}
      >
        <option value="">Not sure yet</option>
        {TENURES.map((t) => (
          <option key={t} value={t}>
            {TENURE_LABELS[t]}
          </option>
        ))}
      </TextField>
      <TextField
        select
        label="Property type (optional)"
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        {...fieldProps(register, errors, 'propertyType')}
      >
        <option value="">Not sure yet</option>
        {PROPERTY_TYPES.map((t) => (
          <option key={t} value={t}>
            {PROPERTY_TYPE_LABELS[t]}
          </option>
        ))}
      </TextField>
      <TextField
        label={labels.value}
        required
        inputMode="decimal"
        {...fieldProps(register, errors, 'value')}
      />
      <TextField
        label={labels.secondAmount}
        inputMode="decimal"
        {...fieldProps(register, errors, 'secondAmount')}
      />
      <TextField
        select
        label={labels.lender}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        {...fieldProps(register, errors, 'lender')}
      >
        <option value="">Not sure yet</option>
        {LENDERS.map((l) => (
          <option key={l.code} value={l.code}>
            {l.name}
          </option>
        ))}
      </TextField>
      {labels.asksReason && (
        <TextField
          select
          label="Reason for remortgaging (optional)"
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          {...fieldProps(register, errors, 'reason')}
        >
          <option value="">Not sure yet</option>
          {REASONS.map((r) => (
            <option key={r} value={r}>
              {REMORTGAGING_REASON_LABELS[r]}
            </option>
          ))}
        </TextField>
      )}
      {labels.asksReason && <StaircasingFields />}
      <TextField
        label={labels.date}
        type="date"
        slotProps={{ inputLabel: { shrink: true } }}
        {...fieldProps(register, errors, 'date')}
      />
      {isBroker && (
        <TextField
          label="Broker reference (optional)"
          {...fieldProps(register, errors, 'brokerReference')}
        />
      )}
    </>
  );
}

/**
 * The key-facts fields of a case, one group at a time: the start form (/{caseType}/start, one
 * group per step) and the Key Facts edit form (/{caseType}/{caseId}/application/key-facts/edit)
 * both render these. They are bound to the surrounding form through react-hook-form's
 * FormProvider, whose values include KeyFactsValues (validation.ts); what is sent is built by
 * keyFacts.ts. Optional fields also show an error, as the server may name any of them.
 */
export function KeyFactsFields({
  kind,
  part,
  isBroker,
}: {
  kind: CaseKind;
  part: KeyFactsPart;
  /** Only a broker gives the broker reference. */
  isBroker: boolean;
}) {
  if (part === 'eligibility') return <EligibilityFields kind={kind} />;
  if (part === 'price') return <PriceFields />;
  return <PropertyFields kind={kind} isBroker={isBroker} />;
}
