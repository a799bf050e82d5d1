import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useId, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { statusLabel } from '../../../lib/labels';
import type { CaseKind } from '../../cases';
import { staffCaseQuery } from '../api/case';
import { movedTo, STAFF_TEXTS } from '../texts';
import type { StaffCase, StaffTransition } from '../types';
import { TransitionDialog } from './TransitionDialog';

/**
 * 'Next steps': a button per transition the engine lists for the case. One that is not allowed
 * now is disabled with the engine's reason beside it. `extra`: the firm's own step that comes
 * first (recording the mortgage offer), when there is one.
 */
export function NextSteps({
  kind,
  caseId,
  staffCase,
  extra,
}: {
  kind: CaseKind;
  caseId: string;
  staffCase: StaffCase;
  extra?: ReactNode;
}) {
  const headingId = useId();
  const baseId = useId();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [selected, setSelected] = useState<StaffTransition | null>(null);
  const [open, setOpen] = useState(false);
  const transitions = staffCase.transitions;

  const onDone = (status: string) => {
    // The case has been fetched again by now (the mutation waits for it).
    const fresh = queryClient.getQueryData(staffCaseQuery(kind, caseId).queryKey);
    const label = fresh && fresh.status === status ? fresh.chip.label : statusLabel(status);
    void queryClient.invalidateQueries({ queryKey: ['staff', 'queue'] });
    enqueueSnackbar(movedTo(label), { variant: 'success' });
    setOpen(false);
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2.5 }}>
      <Typography variant="h2" id={headingId} sx={{ mb: 2 }}>
        {STAFF_TEXTS.nextSteps}
      </Typography>
      {extra}
      {transitions.length === 0 ? (
        !extra && <Typography>{STAFF_TEXTS.noSteps}</Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {transitions.map((t, i) => {
            const reasonId = `${baseId}-reason-${i}`;
            const why = !t.allowed && t.reason ? t.reason : null;
            return (
              <Box
                component="li"
                key={t.name}
                data-transition={t.name}
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  alignItems: 'center',
                  columnGap: 2,
                  rowGap: 0.5,
                }}
              >
                <Button
                  variant={t.allowed ? 'contained' : 'outlined'}
                  disabled={!t.allowed}
                  aria-describedby={why ? reasonId : undefined}
                  onClick={() => {
                    setSelected(t);
                    setOpen(true);
                  }}
                >
                  {t.label}
                </Button>
                {why && (
                  <Typography
                    id={reasonId}
                    variant="body2"
                    color="text.secondary"
                    sx={{ minWidth: 0 }}
                  >
                    {why}
                  </Typography>
                )}
              </Box>
            );
          })}
        </Stack>
      )}
      {selected && (
        <TransitionDialog
          key={selected.name}
          kind={kind}
          caseId={caseId}
          transition={selected}
          fromLabel={staffCase.chip.label}
          open={open}
          onClose={() => setOpen(false)}
          onDone={onDone}
        />
      )}
    </Paper>
  );
}
