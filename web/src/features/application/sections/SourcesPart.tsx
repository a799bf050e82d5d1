import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import type { BuyingExpanded, SourceOfFundsType } from '../../../lib/api/types';
import { SOURCE_OF_FUNDS_LABELS } from '../../../lib/moneyLabels';
import { useAddSourceOfFunds } from '../api/addSourceOfFunds';
import { useDeleteSourceOfFunds } from '../api/deleteSourceOfFunds';
import { AddableList } from '../components/AddableList';
import { SelectField, TextInputField } from '../components/fields';
import { SaveStatus } from '../components/SaveStatus';
import { PURCHASE_TEXTS as T } from '../purchaseTexts';
import {
  amountOrNull,
  ITEMISED_SOURCES,
  optionalAmount,
  sourceItem,
} from './purchaseFinancingItems';

/** Every source of the money for the purchase. */
const sourceSchema = z.object({
  sourceType: z.string().refine((v) => v in SOURCE_OF_FUNDS_LABELS, T.sourceTypeRequired),
  amount: optionalAmount,
});
type SourceValues = z.infer<typeof sourceSchema>;
const SOURCE_FIELDS = { sourceType: 'sourceType', amount: 'amount' } as const;
const SOURCE_OPTIONS = Object.entries(SOURCE_OF_FUNDS_LABELS).map(([value, label]) => ({
  value,
  label,
}));

export function SourcesPart({ caseId, expanded }: { caseId: string; expanded: BuyingExpanded }) {
  const add = useAddSourceOfFunds(caseId);
  const remove = useDeleteSourceOfFunds(caseId);
  const [saved, setSaved] = useState(false);
  const saving = add.isPending || remove.isPending;
  const form = useForm<SourceValues>({
    resolver: zodResolver(sourceSchema),
    defaultValues: { sourceType: '', amount: '' },
  });
  const errors = form.formState.errors;
  const gifts = expanded.sourceOfFunds.some((f) => f.sourceType === 'GIFTS');
  const chosen = useWatch({ control: form.control, name: 'sourceType' });
  // A gift's or an ISA's amount is asked on the donor or the ISA below, not here as well.
  const itemised = ITEMISED_SOURCES.includes(chosen as SourceOfFundsType);
  return (
    <Stack spacing={2}>
      <Typography variant="body2">{T.sourcesIntro}</Typography>
      <AddableList
        collapsible
        texts={{
          listHeading: T.sourcesList,
          none: T.noSources,
          addHeading: T.addSourceHeading,
          add: T.addSource,
        }}
        items={expanded.sourceOfFunds.map((f) => sourceItem(f, expanded))}
        remove={(id) => remove.mutateAsync(id)}
        saving={saving}
        addForm={form}
        addFields={SOURCE_FIELDS}
        draftKey={`buying:${caseId}:source-of-funds`}
        add={(values) =>
          add.mutateAsync({
            sourceType: values.sourceType as SourceOfFundsType,
            amount: itemised ? null : amountOrNull(values.amount),
          })
        }
        onSaved={setSaved}
      >
        <SelectField
          label={T.sourceType}
          registration={form.register('sourceType')}
          options={SOURCE_OPTIONS}
          error={errors.sourceType?.message}
          disabled={saving}
        />
        {itemised ? (
          <Typography variant="body2">
            {chosen === 'GIFTS' ? T.giftAmountBelow : T.isaAmountBelow}
          </Typography>
        ) : (
          <TextInputField
            label={T.sourceAmount}
            registration={form.register('amount')}
            kind="money"
            error={errors.amount?.message}
            disabled={saving}
          />
        )}
      </AddableList>
      {gifts && expanded.gifts.length === 0 && (
        <Alert severity="info" role="note" data-testid="gifts-note">
          {T.giftsNote}
        </Alert>
      )}
      <SaveStatus saving={saving} saved={saved} />
    </Stack>
  );
}
