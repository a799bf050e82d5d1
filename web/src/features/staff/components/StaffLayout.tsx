import { Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Loading } from '../../../components/Loading';
import type { Role } from '../../../lib/api/types';
import { isStaffRole, useSession } from '../../auth';
import { NotForStaff } from './NotForStaff';
import { SecondFactorGate } from './SecondFactorGate';
import { StaffFrame } from './StaffFrame';

/** Staff get the back office's navigation; administrators also the accounts page. */
function navFor(role: Role): 'staff' | 'admin' | undefined {
  if (!isStaffRole(role)) return undefined;
  return role === 'ROLE_ADMIN' ? 'admin' : 'staff';
}

/**
 * Every /staff page but the door: the back office's frame; a conveyancer or administrator goes
 * through the second-factor gate to the page; anyone else is told the area is not theirs.
 */
export function StaffLayout({ children }: { children?: ReactNode }) {
  const { me, send } = useSession();
  let body: ReactNode;
  if (!me) body = <Loading />;
  else if (!isStaffRole(me.role)) body = <NotForStaff />;
  else body = <SecondFactorGate>{children ?? <Outlet />}</SecondFactorGate>;
  return (
    <StaffFrame
      user={
        me
          ? {
              name: me.user.preferredName,
              onSignOut: () => send({ type: 'LOGOUT' }),
              nav: navFor(me.role),
            }
          : undefined
      }
    >
      {body}
    </StaffFrame>
  );
}
