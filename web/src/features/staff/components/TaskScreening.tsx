import { Alert, Box, Button, List, ListItem, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import type { CaseKind } from '../../cases';
import { useScreenClients } from '../api/progress';
import { taskTexts as T } from '../legalFileTexts';
import type { StaffScreening } from '../types';
import { showRefusal } from './stepUp';

/** Screens every client with the firm's provider; a clear result records the task itself. */
export function ScreenButton({
  kind,
  caseId,
  onScreened,
}: {
  kind: CaseKind;
  caseId: string;
  onScreened: (screening: StaffScreening) => void;
}) {
  const mutation = useScreenClients(kind, caseId);
  const { enqueueSnackbar } = useSnackbar();
  const screen = async () => {
    try {
      const screening = await mutation.mutateAsync();
      if (screening.taskDone) enqueueSnackbar(T.screenedClear, { variant: 'success' });
      onScreened(screening);
    } catch (error) {
      showRefusal(error, [] as const, {
        field: () => enqueueSnackbar(T.screenFailed, { variant: 'error' }),
        problem: (message) => enqueueSnackbar(message, { variant: 'error' }),
      });
    }
  };
  return (
    <Box>
      <Button variant="contained" disabled={mutation.isPending} onClick={() => void screen()}>
        {mutation.isPending ? T.screening : T.screen}
      </Button>
    </Box>
  );
}

/** Who may be a listed person, client by client, for the conveyancer to rule out. */
export function PossibleMatches({ screening }: { screening: StaffScreening }) {
  return (
    <Alert severity="warning" role="status">
      <Typography variant="body2" sx={{ mb: 1 }}>
        {T.possibleMatches}
      </Typography>
      <List dense disablePadding>
        {screening.clients
          .filter((client) => client.matches.length > 0)
          .map((client) => (
            <ListItem key={client.name} disableGutters sx={{ display: 'block' }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {client.name}
              </Typography>
              {client.matches.map((m) => (
                <Typography key={`${m.caption}-${m.score}`} variant="body2">
                  {T.matchLine(m.caption, m.score, m.topics)}
                </Typography>
              ))}
            </ListItem>
          ))}
      </List>
    </Alert>
  );
}
