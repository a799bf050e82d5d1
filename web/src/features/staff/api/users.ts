import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { StaffUser, StaffUserRole } from '../types';
import { staffUnwrap } from './client';

const USERS_KEY = ['staff', 'users'] as const;
const path = (userId: string) => ({ path: { userId } });

/** GET /staff/users — every account, staff first (administrators only). */
export async function listUsers(signal?: AbortSignal): Promise<StaffUser[]> {
  return staffUnwrap(await api().GET('/staff/users', { signal }));
}

export function useStaffUsers() {
  return useQuery({ queryKey: USERS_KEY, queryFn: ({ signal }) => listUsers(signal) });
}

/** What an administrator may do to an account; each answers the account as it is now. */
export type UserChange =
  | { kind: 'disable' | 'enable' | 'resetFactor'; userId: string }
  | { kind: 'role'; userId: string; role: StaffUserRole };

export async function changeUser(change: UserChange): Promise<StaffUser> {
  const params = path(change.userId);
  switch (change.kind) {
    case 'disable':
      return staffUnwrap(await api().POST('/staff/users/{userId}/disable', { params }));
    case 'enable':
      return staffUnwrap(await api().POST('/staff/users/{userId}/enable', { params }));
    case 'resetFactor':
      return staffUnwrap(await api().POST('/staff/users/{userId}/reset-factor', { params }));
    case 'role':
      return staffUnwrap(
        await api().PUT('/staff/users/{userId}/role', { params, body: { role: change.role } }),
      );
  }
}

/** One change to an account; the list is fetched again once it has settled, done or refused. */
export function useChangeUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['staff', 'users', 'change'],
    mutationFn: changeUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
