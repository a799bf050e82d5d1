import { FormHelperText, TextField } from '@mui/material';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import type { FoundAddress } from '../../../lib/api/types';
import { fieldProps } from '../../../lib/form';
import { AddressLookup } from '../../address';
import {
  LENDERS,
  PROPERTY_TYPE_LABELS,
  REMORTGAGING_REASON_LABELS,
  TENURE_LABELS,
} from '../../../lib/labels';
import type { CaseKind } from '../caseTypes';
import { PROPERTY_TYPES, REASONS, TENURES } from '../keyFacts';
import { STAIRCASING_TEXTS } from '../texts';
import { STAIRCASING, type KeyFactsValues } from '../validation';

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

export function PropertyFields({ kind, isBroker }: { kind: CaseKind; isBroker: boolean }) {
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
