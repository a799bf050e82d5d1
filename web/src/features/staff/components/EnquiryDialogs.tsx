import { Checkbox, FormControlLabel, TextField } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { fieldProps } from '../../../lib/form';
import { useAnswerEnquiry, useRaiseEnquiry, useWithdrawEnquiry } from '../api/enquiries';
import { enquiryTexts as T } from '../legalFileTexts';
import { StepDialog, checkReason } from './StepDialog';
import { showRefusal } from './stepUp';

/** The server's limits (api/src/staff/enquiries.rs). */
const QUESTION_MAX = 2000;
const ANSWER_MAX = 5000;

/** A text field's check before sending: required, and at most `max` characters. */
function checkText(required: string, tooLong: string, max: number) {
  return (value: string) => {
    const text = value.trim();
    if (text === '') return required;
    return text.length <= max || tooLong;
  };
}

/** The server's field problems (422) show on the fields, its refusal (409) above them. */
function useRefusal<F extends string>(
  fields: readonly F[],
  setError: (field: F, message: string) => void,
) {
  const [problem, setProblem] = useState<string | null>(null);
  const report = (error: unknown) =>
    showRefusal(error, fields, {
      field: (field, message) =>
        field === 'code' ? setProblem(message) : setError(field, message),
      problem: setProblem,
    });
  return { problem, clear: () => setProblem(null), report };
}

export function RaiseDialog({ caseId, onClose }: { caseId: string; onClose: () => void }) {
  const mutation = useRaiseEnquiry(caseId);
  return (
    <TextDialog
      field="question"
      label={T.question}
      title={T.raise}
      intro={T.raiseIntro}
      confirmLabel={T.raise}
      validate={checkText(T.questionRequired, T.questionTooLong, QUESTION_MAX)}
      busy={mutation.isPending}
      send={(question) => mutation.mutateAsync({ question })}
      done={T.raised}
      onClose={onClose}
    />
  );
}

/**
 * A step that sends one text, named `field` (an enquiry, the reason one is withdrawn), checked
 * before sending; the server's problem with it shows on the field, a refusal above it.
 */
function TextDialog({
  field,
  label,
  title,
  intro,
  confirmLabel,
  validate,
  busy,
  send,
  done,
  onClose,
}: {
  field: 'question' | 'reason';
  label: string;
  title: string;
  intro: string;
  confirmLabel: string;
  validate: (value: string) => string | true;
  busy: boolean;
  send: (text: string) => Promise<unknown>;
  done: string;
  onClose: () => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ text: string }>({ defaultValues: { text: '' } });
  const refusal = useRefusal([field], (_, message) => setError('text', { message }));
  const onSubmit = async ({ text }: { text: string }) => {
    refusal.clear();
    try {
      await send(text.trim());
      enqueueSnackbar(done, { variant: 'success' });
      onClose();
    } catch (error) {
      refusal.report(error);
    }
  };
  return (
    <StepDialog
      open
      onClose={onClose}
      onSubmit={handleSubmit(onSubmit)}
      busy={isSubmitting || busy}
      title={title}
      intro={intro}
      problem={refusal.problem}
      confirmLabel={confirmLabel}
    >
      <TextField
        label={label}
        required
        multiline
        minRows={3}
        fullWidth
        {...fieldProps(register, errors, 'text', { validate })}
      />
    </StepDialog>
  );
}

interface AnswerValues {
  answer: string;
  notAnswered: boolean;
  followUp: string;
}

export function AnswerDialog({
  caseId,
  enquiryId,
  number,
  onClose,
}: {
  caseId: string;
  enquiryId: number;
  number: number;
  onClose: () => void;
}) {
  const mutation = useAnswerEnquiry(caseId, enquiryId);
  const { enqueueSnackbar } = useSnackbar();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<AnswerValues>({ defaultValues: { answer: '', notAnswered: false, followUp: '' } });
  const notAnswered = useWatch({ control, name: 'notAnswered' });
  const refusal = useRefusal(['answer', 'followUp'] as const, (field, message) =>
    setError(field, { message }),
  );
  const onSubmit = async (values: AnswerValues) => {
    refusal.clear();
    try {
      await mutation.mutateAsync({
        answer: values.answer.trim(),
        ...(values.notAnswered ? { followUp: values.followUp.trim() } : {}),
      });
      enqueueSnackbar(T.answered, { variant: 'success' });
      onClose();
    } catch (error) {
      refusal.report(error);
    }
  };
  return (
    <StepDialog
      open
      onClose={onClose}
      onSubmit={handleSubmit(onSubmit)}
      busy={isSubmitting || mutation.isPending}
      title={T.answerTitle(number)}
      intro={T.answerIntro}
      problem={refusal.problem}
      confirmLabel={T.answer}
    >
      <TextField
        label={T.reply}
        required
        multiline
        minRows={3}
        fullWidth
        {...fieldProps(register, errors, 'answer', {
          validate: checkText(T.replyRequired, T.replyTooLong, ANSWER_MAX),
        })}
      />
      <FormControlLabel control={<Checkbox {...register('notAnswered')} />} label={T.notAnswered} />
      {notAnswered && (
        <TextField
          label={T.followUp}
          required
          multiline
          minRows={2}
          fullWidth
          {...fieldProps(register, errors, 'followUp', {
            validate: checkText(T.followUpRequired, T.questionTooLong, QUESTION_MAX),
          })}
        />
      )}
    </StepDialog>
  );
}

export function WithdrawDialog({
  caseId,
  enquiryId,
  number,
  onClose,
}: {
  caseId: string;
  enquiryId: number;
  number: number;
  onClose: () => void;
}) {
  const mutation = useWithdrawEnquiry(caseId, enquiryId);
  return (
    <TextDialog
      field="reason"
      label={T.reason}
      title={T.withdrawTitle(number)}
      intro={T.withdrawIntro}
      confirmLabel={T.withdraw}
      validate={checkReason(T.reasonRequired)}
      busy={mutation.isPending}
      send={(reason) => mutation.mutateAsync({ reason })}
      done={T.withdrawnDone}
      onClose={onClose}
    />
  );
}
