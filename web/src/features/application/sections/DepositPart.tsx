import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { SummaryList } from '../../../components/SummaryList';
import type { BuyingExpanded } from '../../../lib/api/types';
import { formatMoney } from '../../../lib/format';
import { LENDERS } from '../../../lib/labels';
import { useSavePurchaseAndFinancing } from '../api/savePurchaseAndFinancing';
import { SelectField, TextInputField } from '../components/fields';
import { FormError } from '../components/FormError';
import { SaveRow } from '../components/SaveStatus';
import { PURCHASE_TEXTS as T } from '../purchaseTexts';
import { APPLICATION_TEXTS } from '../texts';
import { useDraft } from '../useDraft';
import { applyServerErrors, penceToPounds, poundsToPence } from '../validation';
import { h2Sx } from './ownersControls';

/** The deposit and the lender. */
const depositSchema = z.object({
  depositAmount: z
    .string()
    .refine((v) => v.trim() !== '', T.depositRequired)
    .refine((v) => v.trim() === '' || poundsToPence(v) !== null, T.depositInvalid),
  lender: z.string(),
});
type DepositValues = z.infer<typeof depositSchema>;
const DEPOSIT_FIELDS = { depositAmount: 'depositAmount', lender: 'lender' } as const;

const LENDER_OPTIONS = LENDERS.map((l) => ({ value: l.code, label: l.name }));

export function DepositPart({ caseId, expanded }: { caseId: string; expanded: BuyingExpanded }) {
  const save = useSavePurchaseAndFinancing(caseId);
  const [failure, setFailure] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const headingId = useId();
  const form = useForm<DepositValues>({
    resolver: zodResolver(depositSchema),
    defaultValues: {
      depositAmount: penceToPounds(expanded.depositAmount),
      lender: expanded.lender ?? '',
    },
  });
  const forgetDraft = useDraft(`buying:${caseId}:deposit`, form);
  const errors = form.formState.errors;

  const onSubmit = async (values: DepositValues) => {
    setFailure(null);
    setSaved(false);
    try {
      await save.mutateAsync({
        depositAmount: poundsToPence(values.depositAmount) ?? 0,
        // Left out, the lender chosen before stays (an empty choice is not a clearing).
        ...(values.lender ? { lender: values.lender } : {}),
      });
      forgetDraft();
      setSaved(true);
    } catch (error) {
      if (applyServerErrors(error, form.setError, DEPOSIT_FIELDS)) setFailure(error);
    }
  };

  return (
    <Stack
      component="form"
      noValidate
      spacing={3}
      aria-labelledby={headingId}
      onSubmit={form.handleSubmit(onSubmit)}
    >
      <Typography id={headingId} variant="h2" sx={h2Sx}>
        {T.depositHeading}
      </Typography>
      <SummaryList
        rows={[
          {
            term: T.purchasePrice,
            value:
              expanded.purchasePrice != null
                ? formatMoney(expanded.purchasePrice)
                : APPLICATION_TEXTS.notGiven,
          },
        ]}
      />
      <TextInputField
        label={T.depositAmount}
        registration={form.register('depositAmount')}
        kind="money"
        hint={T.depositHint}
        error={errors.depositAmount?.message}
        disabled={save.isPending}
      />
      <SelectField
        label={T.lender}
        registration={form.register('lender')}
        options={LENDER_OPTIONS}
        hint={expanded.lender ? T.lenderKnownHint : T.lenderHint}
        error={errors.lender?.message}
        disabled={save.isPending}
      />
      <FormError error={failure} />
      <SaveRow label={T.saveDeposit} saving={save.isPending} saved={saved} />
    </Stack>
  );
}
