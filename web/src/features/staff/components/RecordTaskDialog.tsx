import { TextField } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { fieldProps } from '../../../lib/form';
import { todayIso } from '../../application';
import type { CaseKind } from '../../cases';
import { useCompleteTask } from '../api/progress';
import { taskTexts as T } from '../legalFileTexts';
import type { StaffTask } from '../types';
import { StepDialog } from './StepDialog';
import { showRefusal } from './stepUp';

/** The server's rule for a task's reference (a UTRN, HM Land Registry's reference). */
const REFERENCE = /^[A-Za-z0-9 /-]{1,64}$/;

/** What a date field says under it, and when the date has passed. */
const DATE_TEXTS = {
  EXPIRY_DATE: { hint: T.expiryHint, passed: T.expiryPassed },
  COMPLETION_DATE: { hint: T.completionDateHint, passed: T.completionDatePassed },
} as const;

const NOTE_MAX = 2000;

interface Values {
  reference: string;
  note: string;
}

/**
 * 'Record as done': the reference the task records (required where it has one) and a note;
 * the server's field problems (422) show on the fields, its refusal (409) above them.
 */
export function RecordTaskDialog({
  kind,
  caseId,
  task,
  onClose,
}: {
  kind: CaseKind;
  caseId: string;
  task: StaffTask;
  onClose: () => void;
}) {
  const mutation = useCompleteTask(kind, caseId, task.name);
  const { enqueueSnackbar } = useSnackbar();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: { reference: '', note: '' } });
  const referenceLabel = task.referenceLabel;
  const [today] = useState(todayIso);
  const date = task.referenceIs === 'TEXT' ? null : DATE_TEXTS[task.referenceIs];

  const onSubmit = async ({ reference, note }: Values) => {
    setProblem(null);
    try {
      await mutation.mutateAsync({
        ...(referenceLabel ? { reference: reference.trim() } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
      });
      enqueueSnackbar(T.recorded(task.label), { variant: 'success' });
      onClose();
    } catch (error) {
      showRefusal(error, ['reference', 'note'] as const, {
        field: (field, message) =>
          field === 'code' ? setProblem(message) : setError(field, { message }),
        problem: setProblem,
      });
    }
  };

  return (
    <StepDialog
      open
      onClose={onClose}
      onSubmit={handleSubmit(onSubmit)}
      busy={isSubmitting || mutation.isPending}
      title={T.recordTitle(task.label)}
      intro={T.recordIntro}
      problem={problem}
      confirmLabel={T.record}
    >
      {referenceLabel && task.referenceIs === 'TEXT' && (
        <TextField
          label={referenceLabel}
          required
          fullWidth
          {...fieldProps(register, errors, 'reference', {
            validate: (value) => {
              const v = value.trim();
              if (v === '') return T.referenceRequired(referenceLabel);
              return REFERENCE.test(v) || T.referenceInvalid;
            },
          })}
        />
      )}
      {referenceLabel && date && (
        <TextField
          label={referenceLabel}
          type="date"
          required
          fullWidth
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
          {...fieldProps(register, errors, 'reference', {
            validate: (value) => {
              if (value === '') return T.referenceRequired(referenceLabel);
              return value >= today || date.passed;
            },
            hint: date.hint,
          })}
        />
      )}
      <TextField
        label={T.note}
        multiline
        minRows={2}
        fullWidth
        {...fieldProps(register, errors, 'note', {
          validate: (v) => v.trim().length <= NOTE_MAX || T.noteTooLong,
        })}
      />
    </StepDialog>
  );
}
