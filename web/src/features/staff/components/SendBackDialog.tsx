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
import { ApiError } from '../../../lib/api/errors';
import { muiField } from '../../../lib/form';
import type { CaseKind } from '../../cases';
import { useDecideIdentity } from '../api/progress';
import { isSecondFactorRequired } from '../secondFactor';
import { identityTexts, STAFF_TEXTS } from '../texts';
import type { StaffTransitionDone } from '../types';
import { problemOf } from './useStepReport';

const REASON_MAX = 2000;

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
  const titleId = useId();
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
      if (isSecondFactorRequired(error)) return;
      if (error instanceof ApiError && error.status === 422 && error.fields.reason) {
        setError('reason', { message: error.fields.reason });
      } else {
        setProblem(problemOf(error));
      }
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
        <DialogTitle id={titleId}>{identityTexts.sendBackTitle(name)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5}>
            <DialogContentText>{identityTexts.sendBackIntro(name)}</DialogContentText>
            {problem && (
              <Alert severity="error" role="alert">
                {problem}
              </Alert>
            )}
            <TextField
              label={STAFF_TEXTS.sendBackQuestion}
              multiline
              minRows={3}
              required
              fullWidth
              error={!!errors.reason}
              helperText={errors.reason?.message}
              {...muiField(
                register('reason', {
                  validate: (v) => {
                    if (v.trim() === '') return STAFF_TEXTS.sendBackRequired;
                    if (v.trim().length > REASON_MAX) return STAFF_TEXTS.sendBackTooLong;
                    return true;
                  },
                }),
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onClose} disabled={busy}>
            {STAFF_TEXTS.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {STAFF_TEXTS.sendBack}
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}
