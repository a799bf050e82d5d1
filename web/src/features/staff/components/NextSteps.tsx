import ExpandMore from '@mui/icons-material/ExpandMore';
import { Box, Button, ListItemText, Menu, MenuItem, Paper, Stack, Typography } from '@mui/material';
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
 * Steps that undo work (returning the application, withdrawing a document: a reason asked, no
 * fresh code): never the page's primary button. A step forward may ask for a reason and a fresh
 * code too (taking on a refused case, reinstating it, closing the file).
 */
const isSetBack = (t: StaffTransition) => t.requiresReason && !t.stepUp;
/** Cancelling ends the case: kept in 'More actions', away from the day's work. */
const isCancel = (t: StaffTransition) => t.to === 'CANCELLED';

/**
 * Where the workflow routes one step by who started the case ('Take on this case' for the
 * broker or for the customer), the engine lists both, and only one can ever be taken: the one
 * allowed is shown, or, when neither is, the first with its reason.
 */
function onePerLabel(transitions: StaffTransition[]): StaffTransition[] {
  return transitions.filter(
    (t, i) =>
      t.allowed ||
      !transitions.some((other, j) => other.label === t.label && (other.allowed || j < i)),
  );
}

/**
 * 'Next steps': a button per transition the engine lists for the case, the steps forward first
 * and filled, those that set the case back (returning it, withdrawing a document) outlined after
 * them, and cancelling in a 'More actions' menu. One that is not allowed now is disabled with the
 * engine's reason beside it. `extra`: the firm's own step that comes first (recording the mortgage
 * offer), when there is one. Every step is confirmed in its dialog.
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
  const menuId = useId();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [selected, setSelected] = useState<StaffTransition | null>(null);
  const [open, setOpen] = useState(false);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const transitions = onePerLabel(staffCase.transitions);
  const forward = transitions.filter((t) => !isSetBack(t) && !isCancel(t));
  const setBack = transitions.filter((t) => isSetBack(t) && !isCancel(t));
  const cancel = transitions.filter(isCancel);
  const steps = [...forward, ...setBack];

  const choose = (t: StaffTransition) => {
    setSelected(t);
    setOpen(true);
  };

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
      {steps.length === 0 ? (
        !extra && <Typography>{STAFF_TEXTS.noSteps}</Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {steps.map((t, i) => {
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
                  variant={t.allowed && !isSetBack(t) ? 'contained' : 'outlined'}
                  disabled={!t.allowed}
                  aria-describedby={why ? reasonId : undefined}
                  onClick={() => choose(t)}
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
      {cancel.length > 0 && (
        <Box sx={{ mt: 2, pt: 1.5, borderTop: 1, borderColor: 'divider' }}>
          <Button
            variant="text"
            color="inherit"
            endIcon={<ExpandMore aria-hidden />}
            aria-haspopup="menu"
            aria-expanded={menuAnchor ? 'true' : undefined}
            aria-controls={menuAnchor ? menuId : undefined}
            onClick={(e) => setMenuAnchor(e.currentTarget)}
          >
            {STAFF_TEXTS.moreActions}
          </Button>
          <Menu
            id={menuId}
            anchorEl={menuAnchor}
            open={!!menuAnchor}
            onClose={() => setMenuAnchor(null)}
          >
            {cancel.map((t) => (
              <MenuItem
                key={t.name}
                data-transition={t.name}
                disabled={!t.allowed}
                onClick={() => {
                  setMenuAnchor(null);
                  choose(t);
                }}
              >
                <ListItemText
                  primary={t.label}
                  secondary={!t.allowed ? t.reason : null}
                  slotProps={{ primary: { color: 'error' } }}
                />
              </MenuItem>
            ))}
          </Menu>
        </Box>
      )}
      {selected && (
        <TransitionDialog
          key={selected.name}
          kind={kind}
          caseId={caseId}
          transition={selected}
          fromStatus={staffCase.status}
          fromLabel={staffCase.chip.label}
          agreedCompletionDate={staffCase.expanded.completionDate ?? null}
          open={open}
          onClose={() => setOpen(false)}
          onDone={onDone}
        />
      )}
    </Paper>
  );
}
