import { Button, Stack, TextField } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState, type FormEvent } from 'react';
import { useChangeUser, type UserChange } from '../api/users';
import { ROLE_LABELS, userTexts } from '../adminTexts';
import { isSecondFactorRequired } from '../secondFactor';
import type { StaffUser, StaffUserRole } from '../types';
import { StepDialog } from './StepDialog';
import { problemOf } from './useStepReport';

const ROLES = Object.keys(ROLE_LABELS) as StaffUserRole[];

/** A change that asks first: disabling, enabling, resetting the second factor. */
export type Confirmable = { kind: 'disable' | 'enable' | 'resetFactor'; user: StaffUser };

/** The account's role, changed at once on choosing another (not on one's own account). */
export function RoleSelect({ user, self }: { user: StaffUser; self: boolean }) {
  const change = useChangeUser();
  const { enqueueSnackbar } = useSnackbar();
  // While saving, the role just chosen is shown (the list is fetched again before it settles).
  const value =
    change.isPending && change.variables.kind === 'role' ? change.variables.role : user.role;
  return (
    <TextField
      select
      size="small"
      label={userTexts.role}
      value={value}
      disabled={self || change.isPending}
      onChange={(e) => {
        const role = e.target.value as StaffUserRole;
        change.mutate(
          { kind: 'role', userId: user.id, role },
          {
            onSuccess: () =>
              enqueueSnackbar(userTexts.roleToast(user.name, ROLE_LABELS[role]), {
                variant: 'success',
              }),
            onError: (error) => {
              if (!isSecondFactorRequired(error))
                enqueueSnackbar(problemOf(error), { variant: 'error' });
            },
          },
        );
      }}
      slotProps={{
        select: { native: true },
        inputLabel: { shrink: true },
        htmlInput: { 'aria-label': userTexts.roleOf(user.name) },
      }}
      sx={{ minWidth: 180, maxWidth: '100%' }}
    >
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}
        </option>
      ))}
    </TextField>
  );
}

export function Actions({
  user,
  self,
  onAsk,
}: {
  user: StaffUser;
  self: boolean;
  onAsk: (asked: Confirmable) => void;
}) {
  if (self) return null;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
      {user.disabled ? (
        <Button
          size="small"
          variant="outlined"
          aria-label={userTexts.enableButton(user.name)}
          onClick={() => onAsk({ kind: 'enable', user })}
        >
          {userTexts.enable}
        </Button>
      ) : (
        <Button
          size="small"
          variant="outlined"
          color="error"
          aria-label={userTexts.disableButton(user.name)}
          onClick={() => onAsk({ kind: 'disable', user })}
        >
          {userTexts.disable}
        </Button>
      )}
      {user.secondFactorEnrolled && (
        <Button
          size="small"
          variant="outlined"
          aria-label={userTexts.resetButton(user.name)}
          onClick={() => onAsk({ kind: 'resetFactor', user })}
        >
          {userTexts.resetFactor}
        </Button>
      )}
    </Stack>
  );
}

const CONFIRMS = {
  disable: {
    title: userTexts.disableTitle,
    intro: userTexts.disableIntro,
    button: userTexts.disable,
    done: userTexts.disabledToast,
    destructive: true,
  },
  enable: {
    title: userTexts.enableTitle,
    intro: userTexts.enableIntro,
    button: userTexts.enable,
    done: userTexts.enabledToast,
    destructive: false,
  },
  resetFactor: {
    title: userTexts.resetTitle,
    intro: userTexts.resetIntro,
    button: userTexts.resetFactor,
    done: userTexts.resetToast,
    destructive: true,
  },
} as const;

/** Asks before a change; the server's refusal is shown in the dialog. */
export function ConfirmDialog({ asked, onClose }: { asked: Confirmable; onClose: () => void }) {
  const change = useChangeUser();
  const { enqueueSnackbar } = useSnackbar();
  const [problem, setProblem] = useState<string | null>(null);
  const { user, kind } = asked;
  const texts = CONFIRMS[kind];

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const request: UserChange = { kind, userId: user.id };
    change.mutate(request, {
      onSuccess: () => {
        enqueueSnackbar(texts.done(user.name), { variant: 'success' });
        onClose();
      },
      onError: (error) => {
        if (!isSecondFactorRequired(error)) setProblem(problemOf(error));
      },
    });
  };

  return (
    <StepDialog
      open
      onClose={onClose}
      onSubmit={confirm}
      busy={change.isPending}
      title={texts.title(user.name)}
      intro={texts.intro(user.email)}
      problem={problem}
      confirmLabel={texts.button}
      destructive={texts.destructive}
    />
  );
}
