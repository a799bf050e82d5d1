import { Box, Button, Chip, List, ListItem, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { formatDate, formatDateTime } from '../../../lib/format';
import { documentTypeLabel } from '../../../lib/documentLabels';
import type { CaseKind } from '../../cases';
import { taskTexts as T } from '../legalFileTexts';
import type { StaffScreening, StaffTask } from '../types';
import { FirmUploadButton } from './FirmUploadButton';
import { Panel } from './Panel';
import { RecordTaskDialog } from './RecordTaskDialog';
import { PossibleMatches, ScreenButton } from './TaskScreening';

const STATE_COLOUR: Record<StaffTask['state'], 'default' | 'primary' | 'success'> = {
  AHEAD: 'default',
  WAITING: 'default',
  OPEN: 'primary',
  DONE: 'success',
};

/** A recorded reference as read: a date as a date. */
function shownReference(task: StaffTask, reference: string): string {
  switch (task.referenceIs) {
    case 'EXPIRY_DATE':
    case 'COMPLETION_DATE':
      return formatDate(reference);
    case 'TEXT':
      return reference;
  }
}

/**
 * 'Legal file': the case's tasks from its workflow file (issue 29) — the exchange of contracts,
 * the pre-completion searches, the land-tax return, the registration at HM Land Registry, the
 * file closed — each with its state and due date, an overdue one marked, and the step it is
 * needed before. An open task is recorded done here, its evidence uploaded first.
 */
export function TasksPanel({
  kind,
  caseId,
  tasks,
  screeningProvider,
}: {
  kind: CaseKind;
  caseId: string;
  tasks: StaffTask[];
  /** The firm's screening provider, when one is configured (`screeningProvider`). */
  screeningProvider: string | null;
}) {
  // Before the case reaches its tasks they are only what lies ahead: closed until opened.
  const ahead = tasks.every((task) => task.state === 'AHEAD');
  return (
    <Panel title={T.title} collapsible={ahead}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {T.intro}
      </Typography>
      <List disablePadding aria-label={T.title}>
        {tasks.map((task) => (
          <ListItem key={task.name} divider disableGutters sx={{ display: 'block', py: 1.5 }}>
            <TaskRow
              kind={kind}
              caseId={caseId}
              task={task}
              screens={screeningProvider !== null && task.provider === 'SCREENING'}
            />
          </ListItem>
        ))}
      </List>
    </Panel>
  );
}

function TaskRow({
  kind,
  caseId,
  task,
  screens,
}: {
  kind: CaseKind;
  caseId: string;
  task: StaffTask;
  /** The firm's provider screens the clients for this task. */
  screens: boolean;
}) {
  const [recording, setRecording] = useState(false);
  const [screened, setScreened] = useState<StaffScreening | null>(null);
  const evidence = task.evidence ? documentTypeLabel(task.evidence) : null;
  const open = task.state === 'OPEN';
  return (
    <Stack spacing={0.75}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>{task.label}</Typography>
        <Chip size="small" color={STATE_COLOUR[task.state]} label={T.states[task.state]} />
        {task.dueOn && task.state !== 'DONE' && (
          <Chip
            size="small"
            variant="outlined"
            color={task.overdue ? 'error' : 'default'}
            label={task.overdue ? T.overdue(formatDate(task.dueOn)) : T.due(formatDate(task.dueOn))}
          />
        )}
      </Stack>
      {task.state === 'WAITING' && (
        <Typography variant="body2" color="text.secondary">
          {T.waitingFor(task.waitingFor.join(', '))}
        </Typography>
      )}
      {task.state !== 'DONE' && task.before.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          {T.neededBefore(task.before.join(', '))}
        </Typography>
      )}
      {task.done && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {T.doneBy(formatDateTime(task.done.doneAt), task.done.doneByName)}
          {task.done.reference && task.referenceLabel
            ? ` · ${T.recordedReference(task.referenceLabel, shownReference(task, task.done.reference))}`
            : ''}
          {task.done.note ? ` · ${task.done.note}` : ''}
        </Typography>
      )}
      {open && evidence && (
        <Typography
          variant="body2"
          color={task.evidenceUploaded ? 'text.secondary' : 'warning.main'}
        >
          {task.evidenceUploaded ? T.evidenceUploaded(evidence) : T.evidenceNeeded(evidence)}
        </Typography>
      )}
      {open && task.unmet && (
        <Typography variant="body2" color="warning.main">
          {task.unmet}
        </Typography>
      )}
      {/* The matches are there to be ruled out before the task is recorded: not after. */}
      {open && screened && !screened.taskDone && <PossibleMatches screening={screened} />}
      {open && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          {screens && !task.evidenceUploaded && (
            <ScreenButton kind={kind} caseId={caseId} onScreened={setScreened} />
          )}
          {task.evidence && !task.evidenceUploaded && (
            <FirmUploadButton
              kind={kind}
              caseId={caseId}
              documentType={task.evidence}
              text={T.uploadEvidence(documentTypeLabel(task.evidence))}
              uploadingText={T.uploading(documentTypeLabel(task.evidence))}
              variant="contained"
            />
          )}
          <Box>
            <Button
              variant="outlined"
              disabled={(!!task.evidence && !task.evidenceUploaded) || !!task.unmet}
              onClick={() => setRecording(true)}
            >
              {T.record}
            </Button>
          </Box>
        </Stack>
      )}
      {recording && (
        <RecordTaskDialog
          kind={kind}
          caseId={caseId}
          task={task}
          onClose={() => setRecording(false)}
        />
      )}
    </Stack>
  );
}
