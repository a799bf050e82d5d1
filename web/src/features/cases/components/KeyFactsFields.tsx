import { TextField } from '@mui/material';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { fieldProps } from '../../../lib/form';
import { JURISDICTION_LABELS } from '../../../lib/labels';
import { KIND_WORDS, type CaseKind } from '../caseTypes';
import { JURISDICTIONS } from '../keyFacts';
import { PRICE_TEXTS, PRICE_TITLE } from '../texts';
import { asksPriceQuestion, PRICE_FIELDS, type KeyFactsValues } from '../validation';
import { PropertyFields } from './PropertyFields';
import { YesNo } from './YesNo';

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
