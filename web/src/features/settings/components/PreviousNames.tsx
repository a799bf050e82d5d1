import { Button, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { formatDate } from '../../../lib/format';
import type { UserDetails } from '../api/getUserDetails';
import { useDeleteLegalName } from '../api/deleteLegalName';
import { fullName } from '../validation';

/** The legal names the user had before, each with the day it ended; each can be removed. */
export function PreviousNames({ details }: { details: UserDetails }) {
  const previous = details.legalNames.filter((n) => n.until);
  const remove = useDeleteLegalName();
  const { enqueueSnackbar } = useSnackbar();
  if (previous.length === 0) return null;
  return (
    <section aria-labelledby="settings-previous-names">
      <Typography variant="h3" component="h3" id="settings-previous-names" gutterBottom>
        Previous legal names
      </Typography>
      <List aria-labelledby="settings-previous-names" disablePadding>
        {previous.map((name) => {
          const label = fullName(name);
          return (
            <ListItem key={name.id} divider sx={{ flexWrap: 'wrap', gap: 1, px: 0 }}>
              <ListItemText
                primary={label}
                secondary={`Until ${formatDate(name.until ?? '')}`}
                sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
              />
              <Button
                variant="outlined"
                color="error"
                size="small"
                disabled={remove.isPending}
                aria-label={`Delete previous name ${label}`}
                onClick={() =>
                  remove.mutate(name.id, {
                    onSuccess: () =>
                      enqueueSnackbar('Previous name deleted', { variant: 'success' }),
                    onError: () =>
                      enqueueSnackbar('Could not delete the previous name', { variant: 'error' }),
                  })
                }
              >
                Delete
              </Button>
            </ListItem>
          );
        })}
      </List>
    </section>
  );
}
