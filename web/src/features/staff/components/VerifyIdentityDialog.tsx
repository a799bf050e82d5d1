import { Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText } from '@mui/material';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { CaseKind } from '../../cases';
import { useDecideIdentity } from '../api/progress';
import { IDENTITY_CHECKS, identityTexts, type IdentityCheck } from '../identityTexts';
import { STAFF_TEXTS } from '../texts';
import type { StaffTransitionDone } from '../types';
import { StepDialog } from './StepDialog';
import { showRefusal } from './stepUp';

type Values = Record<IdentityCheck, boolean>;

const NONE_TICKED = Object.fromEntries(
  Object.keys(IDENTITY_CHECKS).map((k) => [k, false]),
) as Values;

/**
 * 'Verify identity': the firm ticks what it compared between the person's photo ID, selfie and
 * application (each item required, as the server requires), then verifies. The server keeps the
 * list in the audit trail; a field it names (422 `checks.…`) is shown on the list.
 */
export function VerifyIdentityDialog({
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
  const helpId = useId();
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: NONE_TICKED });

  const onSubmit = async (checks: Values) => {
    setProblem(null);
    try {
      onDone(await mutation.mutateAsync({ decision: 'VERIFIED', checks }));
    } catch (error) {
      const fields = Object.keys(IDENTITY_CHECKS).map((k) => `checks.${k}`);
      showRefusal(error, fields, {
        field: (field, message) => {
          const check = field.replace(/^checks\./, '') as IdentityCheck;
          if (check in IDENTITY_CHECKS) setError(check, { message });
          else setProblem(message);
        },
        problem: setProblem,
      });
    }
  };
  const unticked = Object.keys(errors).length > 0;

  return (
    <StepDialog
      open={open}
      onClose={onClose}
      onSubmit={handleSubmit(onSubmit)}
      busy={isSubmitting || mutation.isPending}
      title={identityTexts.verifyTitle(name)}
      intro={identityTexts.verifyIntro(name)}
      problem={problem}
      confirmLabel={STAFF_TEXTS.verifyIdentity}
    >
      <FormControl component="fieldset" error={unticked} required>
        <FormGroup aria-describedby={unticked ? helpId : undefined}>
          {(Object.entries(IDENTITY_CHECKS) as [IdentityCheck, string][]).map(([key, label]) => (
            <Controller
              key={key}
              name={key}
              control={control}
              rules={{ validate: (ticked) => ticked || identityTexts.checkRequired }}
              render={({ field }) => (
                <FormControlLabel
                  label={label}
                  control={
                    <Checkbox
                      checked={field.value}
                      onChange={(e) => field.onChange(e.target.checked)}
                      onBlur={field.onBlur}
                    />
                  }
                />
              )}
            />
          ))}
        </FormGroup>
        {unticked && <FormHelperText id={helpId}>{identityTexts.checkRequired}</FormHelperText>}
      </FormControl>
    </StepDialog>
  );
}
