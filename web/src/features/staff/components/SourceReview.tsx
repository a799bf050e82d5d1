import { Alert, Box, Button, Stack, TextField } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { fieldProps } from '../../../lib/form';
import { useReviewSourceOfFunds } from '../api/sourcesOfFunds';
import { sourcesOfFundsTexts as T } from '../fundsTexts';
import { StepDialog } from './StepDialog';
import { showRefusal } from './stepUp';
import { problemOf } from './useStepReport';

/** The server's limit on the reason (api: StaffSourceReviewRequest). */
const REASON_MAX = 1000;

const checkReason = (value: string) => {
  const reason = value.trim();
  if (reason === '') return T.reasonRequired;
  return reason.length <= REASON_MAX || T.reasonTooLong;
};

/**
 * The firm's review of one source: Accept at once, or Ask for more with the reason the buyer
 * will read. A refusal (409: the source moved on; 422) is shown beside the buttons or on the
 * reason field.
 */
export function SourceReview({
  caseId,
  sourceId,
  name,
}: {
  caseId: string;
  sourceId: number;
  name: string;
}) {
  const mutation = useReviewSourceOfFunds(caseId, sourceId);
  const { enqueueSnackbar } = useSnackbar();
  const [problem, setProblem] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const accept = async () => {
    setProblem(null);
    try {
      await mutation.mutateAsync({ outcome: 'ACCEPTED' });
      enqueueSnackbar(T.accepted, { variant: 'success' });
    } catch (error) {
      setProblem(problemOf(error));
    }
  };
  return (
    <Stack spacing={1}>
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          size="small"
          variant="contained"
          aria-label={`${T.accept} ${name}`}
          loading={mutation.isPending && !asking}
          disabled={mutation.isPending}
          onClick={() => void accept()}
        >
          {T.accept}
        </Button>
        <Button
          size="small"
          variant="outlined"
          aria-label={`${T.askForMore} about ${name}`}
          disabled={mutation.isPending}
          onClick={() => {
            setProblem(null);
            setAsking(true);
          }}
        >
          {T.askForMore}
        </Button>
      </Box>
      {asking && (
        <AskDialog
          caseId={caseId}
          sourceId={sourceId}
          name={name}
          onClose={() => setAsking(false)}
        />
      )}
    </Stack>
  );
}

/** 'Ask for more': the reason, required, then POST …/review {outcome: MORE_NEEDED, reason}. */
function AskDialog({
  caseId,
  sourceId,
  name,
  onClose,
}: {
  caseId: string;
  sourceId: number;
  name: string;
  onClose: () => void;
}) {
  const mutation = useReviewSourceOfFunds(caseId, sourceId);
  const { enqueueSnackbar } = useSnackbar();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ reason: string }>({ defaultValues: { reason: '' } });
  const onSubmit = async ({ reason }: { reason: string }) => {
    setProblem(null);
    try {
      await mutation.mutateAsync({ outcome: 'MORE_NEEDED', reason: reason.trim() });
      enqueueSnackbar(T.asked, { variant: 'success' });
      onClose();
    } catch (error) {
      showRefusal(error, ['reason'] as const, {
        field: (field, message) =>
          field === 'reason' ? setError('reason', { message }) : setProblem(message),
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
      title={T.askTitle(name)}
      intro={T.askIntro}
      problem={problem}
      confirmLabel={T.send}
    >
      <TextField
        label={T.reason}
        required
        fullWidth
        multiline
        minRows={3}
        {...fieldProps(register, errors, 'reason', { validate: checkReason })}
      />
    </StepDialog>
  );
}
