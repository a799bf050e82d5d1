import { Stack, Typography } from '@mui/material';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { Loading } from '../../../components/Loading';
import { safeRedirect } from '../../../lib/redirect';
import { useSession, useSessionActor } from '../components/SessionProvider';
import { sessionStatus } from '../machines/sessionActor';
import { isStaffPath } from '../staff';

/**
 * /login/auth — redeems the magic-link token (a same-origin POST: loading this page consumes
 * nothing, so link scanners cannot use it up). Someone already signed in goes straight to the
 * target (default /remortgaging); without a token the session check decides; failure → /login.
 * A link back to the back office (redirectTo /staff…) is redeemed for it: a staff role stays
 * signed in, and a failure goes to /staff/login.
 */
export function LoginAuthPage({ token, redirectTo }: { token?: string; redirectTo?: string }) {
  const actor = useSessionActor();
  const { status } = useSession();
  const router = useRouter();
  const navigate = useNavigate();
  const started = useRef(false);
  const staff = isStaffPath(redirectTo);

  useEffect(() => {
    const snapshot = actor.getSnapshot();
    const now = sessionStatus(snapshot);
    if (now === 'signedIn' || now === 'onboarding') return;
    if (snapshot.matches('idle') || snapshot.matches('anonymous')) {
      started.current = true;
      actor.send({ type: 'MAGIC_LINK', token: token ?? null, staff });
    }
  }, [actor, token, staff]);

  useEffect(() => {
    // Read the live status: the effect above may just have started the check.
    const live = sessionStatus(actor.getSnapshot());
    if (live === 'signedIn' || live === 'onboarding') {
      router.history.replace(safeRedirect(redirectTo));
    } else if (live === 'pending') {
      started.current = true;
    } else if (live === 'anonymous' && started.current) {
      void navigate({
        to: staff ? '/staff/login' : '/login',
        search: redirectTo ? { redirectTo } : {},
        replace: true,
      });
    }
  }, [actor, status, redirectTo, staff, router, navigate]);

  return (
    <Stack spacing={2}>
      <Typography variant="h1">Hang tight</Typography>
      <Typography>We are just checking your credentials...</Typography>
      <Loading label="Checking your credentials" />
    </Stack>
  );
}
