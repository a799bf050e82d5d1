import {
  Alert,
  Box,
  Button,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Loading } from '../../../components/Loading';
import { PageHeading } from '../../../components/PageHeading';
import { formatDate } from '../../../lib/format';
import { isStaffRole, useSession } from '../../auth';
import { useChangeUser, useStaffUsers, type UserChange } from '../api/users';
import { isSecondFactorRequired } from '../secondFactor';
import { ROLE_LABELS, userTexts } from '../adminTexts';
import { STAFF_TEXTS } from '../texts';
import type { StaffUser, StaffUserRole } from '../types';
import { StepDialog } from './StepDialog';
import { problemOf } from './useStepReport';

const ROLES = Object.keys(ROLE_LABELS) as StaffUserRole[];

/** A change that asks first: disabling, enabling, resetting the second factor. */
type Confirmable = { kind: 'disable' | 'enable' | 'resetFactor'; user: StaffUser };

/**
 * /staff/users — the administrators' accounts page: every account with its role and status,
 * and what `threshold user …` does at the command line. A table from `md` up, a list of cards
 * below it. An administrator's own account has no actions (the server refuses them too).
 */
export function UsersPage() {
  const { me } = useSession();
  const isAdmin = me?.role === 'ROLE_ADMIN';
  return (
    <Stack spacing={2}>
      <PageHeading>{userTexts.heading}</PageHeading>
      {isAdmin ? (
        <UsersList selfId={me.id} />
      ) : (
        <Alert severity="info">{userTexts.adminsOnly}</Alert>
      )}
    </Stack>
  );
}

function UsersList({ selfId }: { selfId: string }) {
  const users = useStaffUsers();
  const [asked, setAsked] = useState<Confirmable | null>(null);
  const narrow = useMediaQuery((t: Theme) => t.breakpoints.down('md'), { noSsr: true });

  if (users.isPending) return <Loading label={userTexts.listLabel} />;
  if (users.isError) {
    if (isSecondFactorRequired(users.error)) return null; // the gate takes over the page
    return (
      <Alert
        severity="error"
        action={<Button onClick={() => void users.refetch()}>{STAFF_TEXTS.tryAgain}</Button>}
      >
        {userTexts.loadError}
      </Alert>
    );
  }
  if (users.data.length === 0) return <Typography role="status">{userTexts.empty}</Typography>;
  const List = narrow ? UserCards : UserTable;
  return (
    <>
      <Typography color="text.secondary">{userTexts.intro}</Typography>
      <List users={users.data} selfId={selfId} onAsk={setAsked} />
      {asked && <ConfirmDialog asked={asked} onClose={() => setAsked(null)} />}
    </>
  );
}

interface ListProps {
  users: StaffUser[];
  selfId: string;
  onAsk: (asked: Confirmable) => void;
}

function Name({ user, self }: { user: StaffUser; self: boolean }) {
  return (
    <>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {user.name} {self && userTexts.you}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {user.email}
      </Typography>
    </>
  );
}

function Status({ user }: { user: StaffUser }) {
  return (
    <Typography
      component="span"
      variant="body2"
      color={user.disabled ? 'error' : 'success.main'}
      sx={{ fontWeight: 600 }}
    >
      {user.disabled ? userTexts.disabled : userTexts.active}
    </Typography>
  );
}

function secondFactor(user: StaffUser): string {
  if (!isStaffRole(user.role)) return userTexts.notApplicable;
  return user.secondFactorEnrolled ? userTexts.enrolled : userTexts.notEnrolled;
}

function UserTable({ users, selfId, onAsk }: ListProps) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={userTexts.listLabel}>
        <TableHead>
          <TableRow>
            <TableCell>{userTexts.name}</TableCell>
            <TableCell>{userTexts.role}</TableCell>
            <TableCell>{userTexts.status}</TableCell>
            <TableCell>{userTexts.secondFactor}</TableCell>
            <TableCell>{userTexts.created}</TableCell>
            <TableCell>{userTexts.actions}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((user) => {
            const self = user.id === selfId;
            return (
              <TableRow key={user.id} data-user-id={user.id}>
                <TableCell sx={{ minWidth: 200 }}>
                  <Name user={user} self={self} />
                </TableCell>
                <TableCell>
                  <RoleSelect user={user} self={self} />
                </TableCell>
                <TableCell>
                  <Status user={user} />
                </TableCell>
                <TableCell>{secondFactor(user)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(user.createdAt)}</TableCell>
                <TableCell>
                  <Actions user={user} self={self} onAsk={onAsk} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function UserCards({ users, selfId, onAsk }: ListProps) {
  return (
    <Paper
      variant="outlined"
      component="ul"
      aria-label={userTexts.listLabel}
      data-testid="user-cards"
      sx={{ listStyle: 'none', m: 0, p: 0 }}
    >
      {users.map((user, i) => {
        const self = user.id === selfId;
        return (
          <Box
            component="li"
            key={user.id}
            data-user-id={user.id}
            sx={{ px: 2, py: 1.5, borderTop: i === 0 ? 0 : 1, borderColor: 'divider' }}
          >
            <Stack spacing={1.5}>
              <Box>
                <Name user={user} self={self} />
              </Box>
              <Box
                component="dl"
                sx={{
                  m: 0,
                  display: 'grid',
                  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
                  gap: 1,
                }}
              >
                <Field label={userTexts.status}>
                  <Status user={user} />
                </Field>
                <Field label={userTexts.secondFactor}>{secondFactor(user)}</Field>
                <Field label={userTexts.created}>{formatDate(user.createdAt)}</Field>
              </Box>
              <RoleSelect user={user} self={self} />
              <Actions user={user} self={self} onAsk={onAsk} />
            </Stack>
          </Box>
        );
      })}
    </Paper>
  );
}

/** The account's role, changed at once on choosing another (not on one's own account). */
function RoleSelect({ user, self }: { user: StaffUser; self: boolean }) {
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

function Actions({
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
function ConfirmDialog({ asked, onClose }: { asked: Confirmable; onClose: () => void }) {
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
