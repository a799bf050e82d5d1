import {
  Alert,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatDate } from '../../../lib/format';
import { fieldProps } from '../../../lib/form';
import { todayIso } from '../../application';
import { statusLabel } from '../../../lib/labels';
import type { CaseKind } from '../../cases';
import { useTransitionCase } from '../api/case';
import { STAFF_TEXTS, transitionTexts } from '../texts';
import type { StaffTransition, StaffTransitionRequest } from '../types';
import { CodeField } from './CodeField';
import { checkReason, StepDialog } from './StepDialog';
import { checkCode, showRefusal, typedCode } from './stepUp';

interface Values {
  reason: string;
  code: string;
  completionDate: string;
  earlyCompletionConfirmed: boolean;
}

/**
 * Confirming a step: a reason when the workflow asks for one, the agreed completion date when
 * the step `asksFor` it (today or later), a fresh code from the app before a destructive step
 * (step-up), then POST …/transition. A step that records today as the completion date, taken
 * before the agreed date, warns with that date and must be confirmed (the server refuses it
 * otherwise). The engine's refusal (409) is shown here as it says it;
 * field problems (422) and a refused code (403 step_up_required) on their field.
 */
export function TransitionDialog({
  kind,
  caseId,
  transition,
  fromStatus,
  fromLabel,
  agreedCompletionDate,
  open,
  onClose,
  onDone,
}: {
  kind: CaseKind;
  caseId: string;
  transition: StaffTransition;
  /** Where the case is now: its status and as its chip says it. */
  fromStatus: string;
  fromLabel: string;
  /** The completion date agreed with the lender (ISO), if any. */
  agreedCompletionDate: string | null;
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
  // ISO dates compare as strings.
  const early =
    transition.recordsCompletionDate && !!agreedCompletionDate && agreedCompletionDate > today;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    defaultValues: { reason: '', code: '', completionDate: '', earlyCompletionConfirmed: false },
  });

  const onSubmit = async ({ reason, code, completionDate, earlyCompletionConfirmed }: Values) => {
    setProblem(null);
    const body: StaffTransitionRequest = { transition: transition.name };
    if (transition.requiresReason) body.reason = reason.trim();
    if (needsDate) body.completionDate = completionDate;
    if (needsCode) body.code = typedCode(code);
    if (early) body.earlyCompletionConfirmed = earlyCompletionConfirmed;
    try {
      const done = await mutation.mutateAsync(body);
      onDone(done.status);
    } catch (error) {
      showRefusal(
        error,
        ['reason', 'code', 'completionDate', 'earlyCompletionConfirmed'] as const,
        {
          field: (name, message) => setError(name, { message }),
          problem: setProblem,
          stepUp: () => setCodeAsked(true),
        },
      );
    }
  };

  return (
    <StepDialog
      open={open}
      onClose={onClose}
      onSubmit={handleSubmit(onSubmit)}
      busy={isSubmitting || mutation.isPending}
      title={transition.label}
      intro={
        transition.to === fromStatus
          ? transitionTexts.stays(fromLabel)
          : transitionTexts.moves(fromLabel, statusLabel(transition.to))
      }
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
          {...fieldProps(register, errors, 'reason', {
            validate: checkReason(STAFF_TEXTS.reasonRequired),
          })}
        />
      )}
      {needsDate && (
        <TextField
          label={STAFF_TEXTS.completionDate}
          type="date"
          required
          fullWidth
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
          {...fieldProps(register, errors, 'completionDate', {
            validate: (v) =>
              v === ''
                ? STAFF_TEXTS.completionDateRequired
                : v >= today || STAFF_TEXTS.completionDatePast,
          })}
        />
      )}
      {early && (
        <>
          <Alert severity="warning">
            {transitionTexts.earlyWarning(formatDate(agreedCompletionDate!), formatDate(today))}
          </Alert>
          <FormControl error={!!errors.earlyCompletionConfirmed} required>
            <FormControlLabel
              label={transitionTexts.earlyConfirm(formatDate(agreedCompletionDate!))}
              control={
                <Checkbox
                  {...register('earlyCompletionConfirmed', {
                    validate: (v) => v || transitionTexts.earlyRequired,
                  })}
                />
              }
            />
            {errors.earlyCompletionConfirmed && (
              <FormHelperText>{errors.earlyCompletionConfirmed.message}</FormHelperText>
            )}
          </FormControl>
        </>
      )}
      {needsCode && (
        <CodeField
          required
          {...fieldProps(register, errors, 'code', {
            validate: checkCode,
            hint: STAFF_TEXTS.stepUpHint,
          })}
        />
      )}
    </StepDialog>
  );
}
