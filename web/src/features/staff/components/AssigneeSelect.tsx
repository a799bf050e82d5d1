import { TextField } from '@mui/material';
import { useSnackbar } from 'notistack';
import { ApiError } from '../../../lib/api/errors';
import type { CaseKind } from '../../cases';
import { useAssignCase } from '../api/case';
import { useMembers } from '../api/queue';
import { isSecondFactorRequired } from '../secondFactor';
import { STAFF_TEXTS } from '../texts';
import type { StaffAssignee } from '../types';

/** 'Assigned to': nobody or a member of staff; the change is saved at once. */
export function AssigneeSelect({
  kind,
  caseId,
  assignee,
}: {
  kind: CaseKind;
  caseId: string;
  assignee: StaffAssignee | null;
}) {
  const members = useMembers();
  const assign = useAssignCase(kind, caseId);
  const { enqueueSnackbar } = useSnackbar();
  const options = members.data ?? [];
  const current = assignee && !options.some((m) => m.id === assignee.id) ? assignee : null;
  // While saving, the choice just made is shown (the case is fetched again before it settles).
  const value = assign.isPending ? (assign.variables ?? '') : (assignee?.id ?? '');

  return (
    <TextField
      select
      label={STAFF_TEXTS.assignedTo}
      value={value}
      disabled={assign.isPending}
      onChange={(e) => {
        const userId = e.target.value || null;
        const name = options.find((m) => m.id === userId)?.name;
        assign.mutate(userId, {
          onSuccess: () =>
            enqueueSnackbar(userId ? `Assigned to ${name ?? 'them'}` : 'Unassigned', {
              variant: 'success',
            }),
          onError: (error) => {
            if (isSecondFactorRequired(error)) return;
            enqueueSnackbar(
              error instanceof ApiError && error.status < 500
                ? error.message
                : STAFF_TEXTS.genericFailure,
              { variant: 'error' },
            );
          },
        });
      }}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: 240, maxWidth: '100%' }}
    >
      <option value="">{STAFF_TEXTS.unassigned}</option>
      {current && <option value={current.id}>{current.name}</option>}
      {options.map((m) => (
        <option key={m.id} value={m.id}>
          {m.name}
        </option>
      ))}
    </TextField>
  );
}
