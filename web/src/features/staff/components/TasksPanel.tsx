import {
  Alert,
  Box,
  Button,
  Chip,
  List,
  ListItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { fieldProps } from '../../../lib/form';
import { formatDate, formatDateTime } from '../../../lib/format';
import { documentTypeLabel } from '../../../lib/labels';
import { todayIso } from '../../application';
import type { CaseKind } from '../../cases';
import { useCompleteTask, useScreenClients } from '../api/progress';
import { taskTexts as T } from '../legalFileTexts';
import type { StaffScreening, StaffTask } from '../types';
import { FirmUploadButton } from './FirmUploadButton';
import { Panel } from './Panel';
import { StepDialog } from './StepDialog';
import { showRefusal } from './stepUp';

const STATE_COLOUR: Record<StaffTask['state'], 'default' | 'primary' | 'success'> = {
  AHEAD: 'default',
  WAITING: 'default',
  OPEN: 'primary',
  DONE: 'success',
};

/** The server's rule for a task's reference (a UTRN, HM Land Registry's reference). */
const REFERENCE = /^[A-Za-z0-9 /-]{1,64}$/;

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

/** What a date field says under it, and when the date has passed. */
const DATE_TEXTS = {
  EXPIRY_DATE: { hint: T.expiryHint, passed: T.expiryPassed },
  COMPLETION_DATE: { hint: T.completionDateHint, passed: T.completionDatePassed },
} as const;

const NOTE_MAX = 2000;

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

/** Screens every client with the firm's provider; a clear result records the task itself. */
function ScreenButton({
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
function PossibleMatches({ screening }: { screening: StaffScreening }) {
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

interface Values {
  reference: string;
  note: string;
}

/**
 * 'Record as done': the reference the task records (required where it has one) and a note;
 * the server's field problems (422) show on the fields, its refusal (409) above them.
 */
function RecordTaskDialog({
  kind,
  caseId,
  task,
  onClose,
}: {
  kind: CaseKind;
  caseId: string;
  task: StaffTask;
  onClose: () => void;
}) {
  const mutation = useCompleteTask(kind, caseId, task.name);
  const { enqueueSnackbar } = useSnackbar();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: { reference: '', note: '' } });
  const referenceLabel = task.referenceLabel;
  const [today] = useState(todayIso);
  const date = task.referenceIs === 'TEXT' ? null : DATE_TEXTS[task.referenceIs];

  const onSubmit = async ({ reference, note }: Values) => {
    setProblem(null);
    try {
      await mutation.mutateAsync({
        ...(referenceLabel ? { reference: reference.trim() } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
      });
      enqueueSnackbar(T.recorded(task.label), { variant: 'success' });
      onClose();
    } catch (error) {
      showRefusal(error, ['reference', 'note'] as const, {
        field: (field, message) =>
          field === 'code' ? setProblem(message) : setError(field, { message }),
        problem: setProblem,
      });
    }
  };

  return (
    <StepDialog
      open
      onClose={onClose}
      onSubmit={handleSubmit(onSubmit)}
      busy={isSubmitting || mutation.isPending}
      title={T.recordTitle(task.label)}
      intro={T.recordIntro}
      problem={problem}
      confirmLabel={T.record}
    >
      {referenceLabel && task.referenceIs === 'TEXT' && (
        <TextField
          label={referenceLabel}
          required
          fullWidth
          {...fieldProps(register, errors, 'reference', {
            validate: (value) => {
              const v = value.trim();
              if (v === '') return T.referenceRequired(referenceLabel);
              return REFERENCE.test(v) || T.referenceInvalid;
            },
          })}
        />
      )}
      {referenceLabel && date && (
        <TextField
          label={referenceLabel}
          type="date"
          required
          fullWidth
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
          {...fieldProps(register, errors, 'reference', {
            validate: (value) => {
              if (value === '') return T.referenceRequired(referenceLabel);
              return value >= today || date.passed;
            },
            hint: date.hint,
          })}
        />
      )}
      <TextField
        label={T.note}
        multiline
        minRows={2}
        fullWidth
        {...fieldProps(register, errors, 'note', {
          validate: (v) => v.trim().length <= NOTE_MAX || T.noteTooLong,
        })}
      />
    </StepDialog>
  );
}
