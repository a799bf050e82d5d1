import { Alert, Button, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useState } from 'react';
import { Loading } from '../../../components/Loading';
import { PageHeading } from '../../../components/PageHeading';
import { useSession } from '../../auth';
import { useStaffUsers } from '../api/users';
import { userTexts } from '../adminTexts';
import { isSecondFactorRequired } from '../secondFactor';
import { STAFF_TEXTS } from '../texts';
import { ConfirmDialog, type Confirmable } from './UserActions';
import { UserCards, UserTable } from './UserLists';

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
