import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormHelperText,
  FormLabel,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import type { FeedbackPoint } from '../../../lib/api/types';
import { useSubmitFeedback } from '../api/submitFeedback';
import type { FeedbackRequest } from '../feedbackRequests';
import { FEEDBACK_MESSAGE_LIMIT, FEEDBACK_TEXTS, RATING_LABELS } from '../texts';
import { StarRating } from './StarRating';

/** Spec §5: a rating is required; the comment is optional and at most 5000 characters. */
export const feedbackSchema = z.object({
  rating: z
    .number()
    .int()
    .min(1, FEEDBACK_TEXTS.ratingRequired)
    .max(5, FEEDBACK_TEXTS.ratingRequired)
    .nullable()
    .refine((v) => v !== null, FEEDBACK_TEXTS.ratingRequired),
  message: z.string().max(FEEDBACK_MESSAGE_LIMIT, FEEDBACK_TEXTS.messageTooLong),
});

type FeedbackValues = z.input<typeof feedbackSchema>;

/**
 * The feedback dialog (spec §2, §4, §5, §8; FEEDBACK-01..11): a rating and an optional comment
 * for one feedback point of one case. It opens for `request` unless the case's `feedbackGiven`
 * holds any point: a customer is asked once per case (issue 26), at whichever point comes
 * first. Closing it any other way than submitting is a dismissal, sent as an empty message with
 * no rating, so they are not asked again.
 */
export function FeedbackDialog({
  request,
  feedbackGiven,
  onClose,
}: {
  request: FeedbackRequest | null;
  feedbackGiven: readonly FeedbackPoint[];
  onClose: () => void;
}) {
  const open = !!request && feedbackGiven.length === 0;
  const titleId = useId();
  const mutation = useSubmitFeedback();
  const { enqueueSnackbar } = useSnackbar();
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<FeedbackValues>({
    resolver: zodResolver(feedbackSchema),
    defaultValues: { rating: null, message: '' },
  });

  if (!request) return null;
  const busy = mutation.isPending;

  const finish = () => {
    reset();
    onClose();
  };

  const onSubmit = async (values: FeedbackValues) => {
    try {
      await mutation.mutateAsync({ ...request, rating: values.rating, message: values.message });
      enqueueSnackbar(FEEDBACK_TEXTS.submitted, { variant: 'success' });
      finish();
    } catch {
      // The dialog stays open with what was written, to try again or dismiss.
      enqueueSnackbar(FEEDBACK_TEXTS.submitFailed, { variant: 'error' });
    }
  };

  const dismiss = () => {
    if (busy) return;
    finish();
    mutation.mutateAsync({ ...request, rating: null, message: '' }).then(
      () => enqueueSnackbar(FEEDBACK_TEXTS.dismissed, { variant: 'info' }),
      () => enqueueSnackbar(FEEDBACK_TEXTS.dismissFailed, { variant: 'error' }),
    );
  };

  const ratingError = errors.rating?.message;
  const messageError = errors.message?.message;
  const messageField = register('message');

  return (
    <Dialog open={open} onClose={dismiss} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={handleSubmit(onSubmit)}>
        <DialogTitle id={titleId}>{FEEDBACK_TEXTS.title}</DialogTitle>
        <DialogContent>
          <Stack spacing={3}>
            <Typography>{FEEDBACK_TEXTS.intro}</Typography>
            <FormControl component="fieldset" error={!!ratingError}>
              <FormLabel component="legend">{FEEDBACK_TEXTS.ratingLabel}</FormLabel>
              <Controller
                control={control}
                name="rating"
                render={({ field }) => (
                  <StarRating
                    name="feedback-rating"
                    value={field.value ?? null}
                    labels={RATING_LABELS}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    disabled={busy}
                  />
                )}
              />
              {ratingError && <FormHelperText role="alert">{ratingError}</FormHelperText>}
            </FormControl>
            <TextField
              label={FEEDBACK_TEXTS.commentLabel}
              multiline
              minRows={3}
              fullWidth
              disabled={busy}
              error={!!messageError}
              helperText={messageError ?? FEEDBACK_TEXTS.commentHint}
              slotProps={{ formHelperText: messageError ? { role: 'alert' } : {} }}
              {...messageField}
              inputRef={messageField.ref}
              onKeyDown={(event) => {
                // Spec §5: Ctrl+Enter or Cmd+Enter in the comment submits.
                if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                  event.preventDefault();
                  void handleSubmit(onSubmit)();
                }
              }}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, pb: 2 }}>
          <Button onClick={dismiss} disabled={busy}>
            {FEEDBACK_TEXTS.dismiss}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? FEEDBACK_TEXTS.submitting : FEEDBACK_TEXTS.submit}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
