import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { muiField } from '../../../lib/form';
import { todayIso } from '../../application';
import { humanise } from '../../cases/caseTypes';
import type { CaseKind } from '../../cases';
import { useTransitionCase } from '../api/case';
import { STAFF_TEXTS } from '../texts';
import type { StaffTransition, StaffTransitionRequest } from '../types';
import { CodeField } from './CodeField';
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
  const titleId = useId();
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

  const busy = isSubmitting || mutation.isPending;
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <Stack component="form" noValidate onSubmit={handleSubmit(onSubmit)}>
        <DialogTitle id={titleId}>{transition.label}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5}>
            <DialogContentText>
              This moves the case from {fromLabel} to {humanise(transition.to)}.
            </DialogContentText>
            {problem && (
              <Alert severity="error" role="alert">
                {problem}
              </Alert>
            )}
            {transition.requiresReason && (
              <TextField
                label={STAFF_TEXTS.reason}
                multiline
                minRows={3}
                required
                fullWidth
                error={!!errors.reason}
                helperText={errors.reason?.message}
                {...muiField(
                  register('reason', {
                    validate: (v) => v.trim() !== '' || STAFF_TEXTS.reasonRequired,
                  }),
                )}
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
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            {STAFF_TEXTS.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {STAFF_TEXTS.confirm}
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}
