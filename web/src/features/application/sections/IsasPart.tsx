import { zodResolver } from '@hookform/resolvers/zod';
import { Stack } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { BuyingExpanded, IsaType } from '../../../lib/api/types';
import { ISA_TYPE_LABELS } from '../../../lib/moneyLabels';
import { useAddIsa } from '../api/addIsa';
import { useDeleteIsa } from '../api/deleteIsa';
import { AddableList } from '../components/AddableList';
import { SelectField, TextInputField } from '../components/fields';
import { SaveStatus } from '../components/SaveStatus';
import { PURCHASE_TEXTS as T } from '../purchaseTexts';
import { amountOrNull, ISA_SOURCES, isaItem, optionalAmount } from './purchaseFinancingItems';

const isaSchema = z.object({
  isaType: z.string().refine((v) => v in ISA_TYPE_LABELS, T.isaTypeRequired),
  applicantId: z.string(),
  amount: optionalAmount,
});
type IsaValues = z.infer<typeof isaSchema>;
const ISA_FIELDS = { isaType: 'isaType', applicantId: 'applicantId', amount: 'amount' } as const;

/** Shown only while an ISA is a source of funds: each ISA, and whose it is. */
export function IsasPart({ caseId, expanded }: { caseId: string; expanded: BuyingExpanded }) {
  const add = useAddIsa();
  const remove = useDeleteIsa();
  const [saved, setSaved] = useState(false);
  const saving = add.isPending || remove.isPending;
  const form = useForm<IsaValues>({
    resolver: zodResolver(isaSchema),
    defaultValues: { isaType: '', applicantId: '', amount: '' },
  });
  const errors = form.formState.errors;
  // Only the kinds listed as a source can be added (the server refuses the others).
  const listed = ISA_SOURCES.filter((t) => expanded.sourceOfFunds.some((f) => f.sourceType === t));
  const typeOptions = listed.map((t) => ({ value: t, label: ISA_TYPE_LABELS[t as IsaType] }));
  const holderOptions = expanded.buyers.map((b) => ({
    value: String(b.id),
    label: b.user.preferredName,
  }));
  return (
    <Stack spacing={2}>
      <AddableList
        collapsible
        texts={{
          listHeading: T.isasList,
          none: T.noIsas,
          addHeading: T.addIsaHeading,
          add: T.addIsa,
        }}
        items={expanded.isas.map((isa) => isaItem(isa, expanded.buyers))}
        remove={(id) => remove.mutateAsync(id)}
        saving={saving}
        addForm={form}
        addFields={ISA_FIELDS}
        draftKey={`buying:${caseId}:isa`}
        add={(values) =>
          add.mutateAsync({
            caseType: 'BUYING',
            caseId: Number(caseId),
            isaType: values.isaType as IsaType,
            amount: amountOrNull(values.amount),
            applicantId: values.applicantId ? Number(values.applicantId) : null,
          })
        }
        onSaved={setSaved}
      >
        <SelectField
          label={T.isaType}
          registration={form.register('isaType')}
          options={typeOptions}
          error={errors.isaType?.message}
          disabled={saving}
        />
        <SelectField
          label={T.isaHolder}
          registration={form.register('applicantId')}
          options={holderOptions}
          error={errors.applicantId?.message}
          disabled={saving}
        />
        <TextInputField
          label={T.isaAmount}
          registration={form.register('amount')}
          kind="money"
          error={errors.amount?.message}
          disabled={saving}
        />
      </AddableList>
      <SaveStatus saving={saving} saved={saved} />
    </Stack>
  );
}
