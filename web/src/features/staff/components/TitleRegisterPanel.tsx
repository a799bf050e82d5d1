import {
  Alert,
  Box,
  Button,
  Chip,
  Link,
  List,
  ListItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { fieldProps } from '../../../lib/form';
import { NAME_EXPLANATION_LABELS } from '../../../lib/labels';
import { documentUrl } from '../../documents';
import { useRecordTitleRegisterName, useRemoveTitleRegisterName } from '../api/titleRegister';
import { titleRegisterTexts as T } from '../legalFileTexts';
import type { StaffTitleRegisterName } from '../types';
import { Panel } from './Panel';
import { StepDialog } from './StepDialog';
import { showRefusal } from './stepUp';
import { problemOf } from './useStepReport';

/** The server's limit (api/src/staff/title_register.rs). */
const NAME_MAX = 200;

/** A chip whose words (a name) may wrap on a narrow screen. */
const wrapSx = {
  height: 'auto',
  maxWidth: '100%',
  py: 0.25,
  '& .MuiChip-label': { whiteSpace: 'normal', overflowWrap: 'anywhere' },
} as const;

/**
 * 'Title register' (issue 33): the registered proprietors the firm read off the official
 * copies, each beside the owner on the case with that name, or the customers' explanation and
 * its evidence, or marked as not accounted for (the customers cannot submit until it is).
 * While the workflow lets this staff member (`mayRecord`), they record a name, or take off one
 * recorded in error that nobody has explained.
 */
export function TitleRegisterPanel({
  caseId,
  names,
  mayRecord,
}: {
  caseId: string;
  names: StaffTitleRegisterName[];
  mayRecord: boolean;
}) {
  return (
    <Panel title={T.title}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {T.intro}
      </Typography>
      {names.length === 0 ? (
        <Typography sx={{ mb: 1 }}>{T.none}</Typography>
      ) : (
        <List disablePadding aria-label={T.title}>
          {names.map((name) => (
            <ListItem key={name.id} divider disableGutters sx={{ display: 'block', py: 1.25 }}>
              <NameRow caseId={caseId} name={name} mayRecord={mayRecord} />
            </ListItem>
          ))}
        </List>
      )}
      {mayRecord && <RecordForm caseId={caseId} />}
    </Panel>
  );
}

function NameRow({
  caseId,
  name,
  mayRecord,
}: {
  caseId: string;
  name: StaffTitleRegisterName;
  mayRecord: boolean;
}) {
  const [removing, setRemoving] = useState(false);
  const explained = name.explanation != null && name.evidenceDocumentId != null;
  return (
    <Stack spacing={0.75}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name.fullName}</Typography>
        {name.ownerName ? (
          <Chip size="small" color="success" label={T.matches(name.ownerName)} sx={wrapSx} />
        ) : explained && name.explanation ? (
          <Chip
            size="small"
            color="default"
            label={T.explained(NAME_EXPLANATION_LABELS[name.explanation])}
          />
        ) : (
          <Chip size="small" color="warning" label={T.unaccounted} />
        )}
      </Stack>
      {explained && name.evidenceDocumentId != null && (
        <Link href={documentUrl(name.evidenceDocumentId)} download sx={{ alignSelf: 'flex-start' }}>
          {T.evidence}
        </Link>
      )}
      {mayRecord && name.explanation == null && (
        <Box>
          <Button size="small" onClick={() => setRemoving(true)}>
            {T.remove}
          </Button>
        </Box>
      )}
      {removing && <RemoveDialog caseId={caseId} name={name} onClose={() => setRemoving(false)} />}
    </Stack>
  );
}

function RemoveDialog({
  caseId,
  name,
  onClose,
}: {
  caseId: string;
  name: StaffTitleRegisterName;
  onClose: () => void;
}) {
  const mutation = useRemoveTitleRegisterName(caseId);
  const { enqueueSnackbar } = useSnackbar();
  const [problem, setProblem] = useState<string | null>(null);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      await mutation.mutateAsync(name.id);
      enqueueSnackbar(T.removed, { variant: 'success' });
      onClose();
    } catch (error) {
      setProblem(problemOf(error));
    }
  };
  return (
    <StepDialog
      open
      onClose={onClose}
      onSubmit={(event) => void onSubmit(event)}
      busy={mutation.isPending}
      title={T.removeTitle(name.fullName)}
      intro={T.removeIntro}
      problem={problem}
      confirmLabel={T.remove}
    />
  );
}

function RecordForm({ caseId }: { caseId: string }) {
  const mutation = useRecordTitleRegisterName(caseId);
  const { enqueueSnackbar } = useSnackbar();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ fullName: string }>({ defaultValues: { fullName: '' } });
  const onSubmit = async ({ fullName }: { fullName: string }) => {
    setProblem(null);
    try {
      await mutation.mutateAsync({ fullName: fullName.trim() });
      enqueueSnackbar(T.recorded, { variant: 'success' });
      reset();
    } catch (error) {
      showRefusal(error, ['fullName'] as const, {
        field: (field, message) =>
          field === 'fullName' ? setError('fullName', { message }) : setProblem(message),
        problem: setProblem,
      });
    }
  };
  const validate = (value: string) => {
    const text = value.trim();
    if (text === '') return T.fullNameRequired;
    return text.length <= NAME_MAX || T.fullNameTooLong;
  };
  return (
    <Stack
      component="form"
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ mt: 1.5, alignItems: { sm: 'flex-start' } }}
    >
      {problem && <Alert severity="error">{problem}</Alert>}
      <TextField
        label={T.fullName}
        size="small"
        required
        sx={{ flex: 1 }}
        {...fieldProps(register, errors, 'fullName', { validate })}
      />
      <Button type="submit" variant="outlined" disabled={isSubmitting || mutation.isPending}>
        {T.record}
      </Button>
    </Stack>
  );
}
