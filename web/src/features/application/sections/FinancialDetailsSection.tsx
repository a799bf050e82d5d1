import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { ChargeType, ExpandedCase, Loan } from '../../../lib/api/types';
import { formatMoney } from '../../../lib/format';
import { useDeleteLoan } from '../api/deleteLoan';
import { useSaveLoans } from '../api/saveLoans';
import { SelectField, TextInputField } from '../components/fields';
import { type Item } from '../components/ItemList';
import { YesNoListSection } from '../components/YesNoListSection';
import { CASE_TYPE } from '../../cases';
import { kindOf } from '../caseKind';
import { LOANS_TEXTS, LOANS_TEXTS_BY_KIND } from '../texts';
import { CHARGE_TYPE_LABELS } from '../../../lib/labels';
import { poundsToPence } from '../validation';

export const loanSchema = z.object({
  chargeType: z.string().refine((v) => v in CHARGE_TYPE_LABELS, LOANS_TEXTS.chargeTypeRequired),
  lenderName: z.string().trim().max(100, LOANS_TEXTS.lenderTooLong),
  amount: z
    .string()
    .refine((v) => v.trim() === '' || poundsToPence(v) !== null, LOANS_TEXTS.amountInvalid),
});
type LoanValues = z.input<typeof loanSchema>;

const LOAN_FIELDS = {
  chargeType: 'chargeType',
  lenderName: 'lenderName',
  amount: 'amount',
} as const;

const CHARGE_OPTIONS = Object.entries(CHARGE_TYPE_LABELS).map(([value, label]) => ({
  value,
  label,
}));

export function loanItem(loan: Loan): Item {
  const details: string[] = [];
  if (loan.lenderName) details.push(`${LOANS_TEXTS.lender}: ${loan.lenderName}`);
  if (loan.amount != null) details.push(`${LOANS_TEXTS.amountLabel}: ${formatMoney(loan.amount)}`);
  return { id: loan.id, title: CHARGE_TYPE_LABELS[loan.chargeType], details };
}

/**
 * Financial Details of a remortgage (/application/financial-details) and Loans of a purchase
 * (/application/loans), one form fed by the case type: whether there are loans or charges
 * (`hasLoans`), those listed with Delete, and a form to add one (POST /loans with the case type,
 * DELETE /loans/{loanId}). Hidden by the engine for company remortgages.
 */
export function FinancialDetailsSection({
  caseId,
  expanded,
}: {
  caseId: string;
  expanded: ExpandedCase;
}) {
  const kind = kindOf(expanded);
  const texts = LOANS_TEXTS_BY_KIND[kind];
  const save = useSaveLoans();
  const remove = useDeleteLoan();
  const saving = save.isPending || remove.isPending;
  const base = { caseType: CASE_TYPE[kind], caseId: Number(caseId) };
  const addForm = useForm<LoanValues>({
    resolver: zodResolver(loanSchema),
    defaultValues: { chargeType: '', lenderName: '', amount: '' },
  });
  const errors = addForm.formState.errors;

  return (
    <YesNoListSection
      texts={texts}
      answered={expanded.hasLoans}
      answerField="hasLoans"
      saveAnswer={(hasLoans) => save.mutateAsync({ ...base, hasLoans })}
      items={expanded.loans.map(loanItem)}
      remove={(id) => remove.mutateAsync(id)}
      saving={saving}
      addForm={addForm}
      addFields={LOAN_FIELDS}
      draftKey={`${kind}:${caseId}:loan`}
      add={(values) => {
        const lenderName = values.lenderName.trim();
        return save.mutateAsync({
          ...base,
          hasLoans: true,
          loan: {
            chargeType: values.chargeType as ChargeType,
            lenderName: lenderName === '' ? null : lenderName,
            amount: values.amount.trim() === '' ? null : poundsToPence(values.amount),
          },
        });
      }}
    >
      <SelectField
        label={texts.chargeType}
        registration={addForm.register('chargeType')}
        options={CHARGE_OPTIONS}
        error={errors.chargeType?.message}
        disabled={saving}
      />
      <TextInputField
        label={texts.lenderName}
        registration={addForm.register('lenderName')}
        autoComplete="off"
        htmlInput={{ maxLength: 100 }}
        error={errors.lenderName?.message}
        disabled={saving}
      />
      <TextInputField
        label={texts.amount}
        registration={addForm.register('amount')}
        kind="money"
        error={errors.amount?.message}
        disabled={saving}
      />
    </YesNoListSection>
  );
}
