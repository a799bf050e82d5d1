import {
  Box,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { formatDate } from '../../../lib/format';
import { isStaffRole } from '../../auth';
import { userTexts } from '../adminTexts';
import type { StaffUser } from '../types';
import { Actions, RoleSelect, type Confirmable } from './UserActions';

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

export function UserTable({ users, selfId, onAsk }: ListProps) {
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

export function UserCards({ users, selfId, onAsk }: ListProps) {
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
