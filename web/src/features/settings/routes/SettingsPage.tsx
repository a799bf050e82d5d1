import {
  Alert,
  Button,
  Chip,
  Divider,
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
import { useUserDetails } from '../api/getUserDetails';
import { useRevokeSession } from '../api/revokeSession';
import { useSessions } from '../api/listSessions';
import {
  DateOfBirthForm,
  LegalNameForm,
  PhoneNumberForm,
  PreferredNameForm,
} from '../components/DetailForms';
import { EmailChangeForm } from '../components/EmailChangeForm';
import { PreviousNames } from '../components/PreviousNames';
import { SETTINGS_TEXT } from '../validation';

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

/** The user's own details: each a small form of its own (brokers: name and phone only). */
function YourDetails() {
  const { me } = useSession();
  const details = useUserDetails(me?.id ?? '');
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="settings-details"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography variant="h2" id="settings-details" gutterBottom>
        Your details
      </Typography>
      {details.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          We could not load your details, please try refreshing the page.
        </Alert>
      )}
      {!details.data && (
        // What the session knows already, until (or unless) the full details arrive.
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
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {me?.user.email}
          </Typography>
        </Stack>
      )}
      {details.isPending && <Loading label="Loading your details" />}
      {details.data && (
        <Stack spacing={4} divider={<Divider flexItem />}>
          <PreferredNameForm details={details.data} />
          <PhoneNumberForm details={details.data} />
          {details.data.canChangeLegalDetails
            ? [
                <EmailChangeForm key="email" details={details.data} />,
                <Stack key="legal-name" spacing={3}>
                  <LegalNameForm details={details.data} />
                  <PreviousNames details={details.data} />
                </Stack>,
                <DateOfBirthForm key="date-of-birth" details={details.data} />,
              ]
            : [
                <Stack key="email" spacing={1}>
                  <Typography variant="h3" component="h3">
                    E-mail address
                  </Typography>
                  <Typography sx={{ overflowWrap: 'anywhere' }}>
                    You sign in with <strong>{details.data.email}</strong>.
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {SETTINGS_TEXT.brokerNote}
                  </Typography>
                </Stack>,
              ]}
        </Stack>
      )}
    </Paper>
  );
}

/** /settings — the user's own details (editable), active sessions, log out everywhere. */
export function SettingsPage() {
  const { send } = useSession();
  const sessions = useSessions();
  return (
    <Stack spacing={3} sx={{ maxWidth: 760, minWidth: 0 }}>
      <PageHeading>Settings</PageHeading>
      <YourDetails />
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="settings-sessions"
        sx={{ p: { xs: 2, sm: 3 } }}
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
