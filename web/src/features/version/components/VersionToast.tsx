import { Alert, Button, Snackbar, Stack } from '@mui/material';
import { useMachine } from '@xstate/react';
import { RELEASE_VERSION } from '../../../lib/release';
import { VERSION_TEXTS, versionMachine } from '../machines/versionMachine';

/** 'Updates Available' at the top of the screen with Update and Close. */
export function VersionToast({ release = RELEASE_VERSION }: { release?: string }) {
  const [snapshot, send] = useMachine(versionMachine, { input: { release } });
  const open = snapshot.matches('updateAvailable');
  return (
    <Snackbar open={open} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
      <Alert
        severity="info"
        variant="filled"
        role="status"
        // The default filled info colour fails WCAG contrast with white text.
        sx={{ bgcolor: 'info.dark' }}
        action={
          <Stack direction="row" spacing={1}>
            <Button color="inherit" size="small" onClick={() => send({ type: 'UPDATE' })}>
              Update
            </Button>
            <Button color="inherit" size="small" onClick={() => send({ type: 'CLOSE' })}>
              Close
            </Button>
          </Stack>
        }
      >
        {VERSION_TEXTS.title}
      </Alert>
    </Snackbar>
  );
}
