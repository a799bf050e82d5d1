import { TextField } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { muiField } from '../../../lib/form';
import { todayIso } from '../../application';
import { statusLabel } from '../../../lib/labels';
import type { CaseKind } from '../../cases';
import { useTransitionCase } from '../api/case';
import { STAFF_TEXTS } from '../texts';
import type { StaffTransition, StaffTransitionRequest } from '../types';
import { CodeField } from './CodeField';
import { checkReason, StepDialog } from './StepDialog';
import { checkCode, showRefusal, typedCode } from './stepUp';

interface Values {
  reason: string;
  code: string;
  completionDate: string;
}

/**
 * Confirming a step: a reason when the workflow asks for one, the agreed completion date when
 * the step `asksFor` it (today or later), a fresh code from the app before a destructive step
 * (step-up), then POST …/transition. The engine's refusal (409) is shown here as it says it;
 * field problems (422) and a refused code (403 step_up_required) on their field.
 */
export function TransitionDialog({
  kind,
  caseId,
  transition,
  fromLabel,
  open,
  onClose,
  onDone,
}: {
  kind: CaseKind;
  caseId: string;
  transition: StaffTransition;
  fromLabel: string;
  open: boolean;
  onClose: () => void;
  onDone: (status: string) => void;
}) {
  const mutation = useTransitionCase(kind, caseId);
  // The server may ask for a code even where the workflow did not say so: the field appears.
  const [codeAsked, setCodeAsked] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const needsCode = transition.stepUp || codeAsked;
  const needsDate = transition.asksFor === 'COMPLETION_DATE';
  // The day the dialog opened: the earliest date offered and accepted.
  const [today] = useState(todayIso);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: { reason: '', code: '', completionDate: '' } });

  const onSubmit = async ({ reason, code, completionDate }: Values) => {
    setProblem(null);
    const body: StaffTransitionRequest = { transition: transition.name };
    if (transition.requiresReason) body.reason = reason.trim();
    if (needsDate) body.completionDate = completionDate;
    if (needsCode) body.code = typedCode(code);
    try {
      const done = await mutation.mutateAsync(body);
      onDone(done.status);
    } catch (error) {
      showRefusal(error, ['reason', 'code', 'completionDate'] as const, {
        field: (name, message) => setError(name, { message }),
        problem: setProblem,
        stepUp: () => setCodeAsked(true),
      });
    }
  };

  return (
    <StepDialog
      open={open}
      onClose={onClose}
      onSubmit={handleSubmit(onSubmit)}
      busy={isSubmitting || mutation.isPending}
      title={transition.label}
      intro={`This moves the case from ${fromLabel} to ${statusLabel(transition.to)}.`}
      problem={problem}
      confirmLabel={STAFF_TEXTS.confirm}
    >
      {transition.requiresReason && (
        <TextField
          label={STAFF_TEXTS.reason}
          multiline
          minRows={3}
          required
          fullWidth
          error={!!errors.reason}
          helperText={errors.reason?.message}
          {...muiField(register('reason', { validate: checkReason(STAFF_TEXTS.reasonRequired) }))}
        />
      )}
      {needsDate && (
        <TextField
          label={STAFF_TEXTS.completionDate}
          type="date"
          required
          fullWidth
          error={!!errors.completionDate}
          helperText={errors.completionDate?.message}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
          {...muiField(
            register('completionDate', {
              validate: (v) =>
                v === ''
                  ? STAFF_TEXTS.completionDateRequired
                  : v >= today || STAFF_TEXTS.completionDatePast,
            }),
          )}
        />
      )}
      {needsCode && (
        <CodeField
          required
          error={!!errors.code}
          helperText={errors.code?.message ?? STAFF_TEXTS.stepUpHint}
          {...muiField(register('code', { validate: checkCode }))}
        />
      )}
    </StepDialog>
  );
}
