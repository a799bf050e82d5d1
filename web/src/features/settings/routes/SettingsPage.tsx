import {
  Alert,
  Button,
  Chip,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { Loading } from '../../../components/Loading';
import { PageHeading } from '../../../components/PageHeading';
import type { SessionInfo } from '../../../lib/api/types';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../auth';
import { useRevokeSession } from '../api/revokeSession';
import { useSessions } from '../api/listSessions';

/** A short, human description of a browser from its user agent. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Browser';
  const os = /iPhone|iPad/.test(userAgent)
    ? 'iOS'
    : /Android/.test(userAgent)
      ? 'Android'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return os ? `${browser} on ${os}` : browser;
}

function SessionRow({ session }: { session: SessionInfo }) {
  const revoke = useRevokeSession();
  const { enqueueSnackbar } = useSnackbar();
  const device = describeDevice(session.userAgent ?? null);
  return (
    <ListItem divider sx={{ flexWrap: 'wrap', gap: 1 }}>
      <ListItemText
        primary={
          <Stack direction="row" spacing={1} component="span" sx={{ alignItems: 'center' }}>
            <span>{device}</span>
            {session.current && <Chip size="small" color="primary" label="This device" />}
          </Stack>
        }
        secondary={`Signed in ${formatDateTime(session.createdAt)} · Last active ${formatDateTime(session.lastUsedAt)}`}
      />
      {!session.current && (
        <Button
          variant="outlined"
          size="small"
          disabled={revoke.isPending}
          aria-label={`Revoke ${device}, signed in ${formatDateTime(session.createdAt)}`}
          onClick={() =>
            revoke.mutate(session.id, {
              onSuccess: () => enqueueSnackbar('Session revoked', { variant: 'success' }),
              onError: () => enqueueSnackbar('Could not revoke the session', { variant: 'error' }),
            })
          }
        >
          Revoke
        </Button>
      )}
    </ListItem>
  );
}

/** /settings — the user's name and e-mail, active sessions, log out everywhere. */
export function SettingsPage() {
  const { me, send } = useSession();
  const sessions = useSessions();
  return (
    <Stack spacing={3} sx={{ maxWidth: 760 }}>
      <PageHeading>Settings</PageHeading>
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="settings-details"
        sx={{ p: 3 }}
      >
        <Typography variant="h2" id="settings-details" gutterBottom>
          Your details
        </Typography>
        <Stack component="dl" spacing={1} sx={{ m: 0 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            Preferred name
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {me?.user.preferredName}
          </Typography>
          <Typography component="dt" variant="body2" color="text.secondary">
            Email
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {me?.user.email}
          </Typography>
        </Stack>
      </Paper>
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="settings-sessions"
        sx={{ p: 3 }}
      >
        <Typography variant="h2" id="settings-sessions" gutterBottom>
          Active sessions
        </Typography>
        {sessions.isPending && <Loading label="Loading sessions" />}
        {sessions.isError && (
          <Alert severity="error">
            We could not load your sessions, please try refreshing the page.
          </Alert>
        )}
        {sessions.data && (
          <List aria-label="Active sessions">
            {sessions.data.sessions.map((s) => (
              <SessionRow key={s.id} session={s} />
            ))}
          </List>
        )}
        {/* A consequential action, in the palette's error colour like the other ones (Cancel). */}
        <Button
          variant="outlined"
          color="error"
          sx={{ mt: 2 }}
          onClick={() => send({ type: 'LOGOUT_ALL' })}
        >
          Log out everywhere
        </Button>
      </Paper>
    </Stack>
  );
}
