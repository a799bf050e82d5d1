import { TextField } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { fieldProps } from '../../../lib/form';
import type { CaseKind } from '../../cases';
import { useDecideIdentity } from '../api/progress';
import { identityTexts } from '../identityTexts';
import { STAFF_TEXTS } from '../texts';
import type { StaffTransitionDone } from '../types';
import { checkReason, StepDialog } from './StepDialog';
import { showRefusal } from './stepUp';

interface Values {
  reason: string;
}

/**
 * 'Send back': the firm refuses an owner's identity documents, saying what to do next (the
 * owner reads it). The reason is required (at most 2000 characters); the server's field problem
 * (422) is shown on the field, its refusal (409: nothing waiting) above it.
 */
export function SendBackDialog({
  kind,
  caseId,
  applicantId,
  name,
  open,
  onClose,
  onDone,
}: {
  kind: CaseKind;
  caseId: string;
  applicantId: number;
  name: string;
  open: boolean;
  onClose: () => void;
  onDone: (done: StaffTransitionDone) => void;
}) {
  const mutation = useDecideIdentity(kind, caseId, applicantId);
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: { reason: '' } });

  const onSubmit = async ({ reason }: Values) => {
    setProblem(null);
    try {
      onDone(await mutation.mutateAsync({ decision: 'REJECTED', reason: reason.trim() }));
    } catch (error) {
      showRefusal(error, ['reason'] as const, {
        // No code is asked for here: a refusal about one is shown as the dialog's problem.
        field: (field, message) =>
          field === 'reason' ? setError('reason', { message }) : setProblem(message),
        problem: setProblem,
      });
    }
  };

  return (
    <StepDialog
      open={open}
      onClose={onClose}
      onSubmit={handleSubmit(onSubmit)}
      busy={isSubmitting || mutation.isPending}
      title={identityTexts.sendBackTitle(name)}
      intro={identityTexts.sendBackIntro(name)}
      problem={problem}
      confirmLabel={STAFF_TEXTS.sendBack}
    >
      <TextField
        label={STAFF_TEXTS.sendBackQuestion}
        multiline
        minRows={3}
        required
        fullWidth
        {...fieldProps(register, errors, 'reason', {
          validate: checkReason(STAFF_TEXTS.sendBackRequired),
        })}
      />
    </StepDialog>
  );
}
