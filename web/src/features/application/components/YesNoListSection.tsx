import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useMemo, useState, type ReactNode } from 'react';
import { useForm, useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { APPLICATION_TEXTS } from '../texts';
import { useDraft } from '../useDraft';
import { applyServerErrors, type ServerFieldMap } from '../validation';
import { RadioField, YES_NO, yesNo } from './fields';
import { FormError } from './FormError';
import { ItemList, type Item } from './ItemList';
import { SaveStatus } from './SaveStatus';

/** The words of a yes/no question with a list (ALTERATIONS_TEXTS, LOANS_TEXTS). */
export type YesNoListTexts = Record<
  'question' | 'questionHint' | 'answerRequired' | 'listHeading' | 'none' | 'addHeading' | 'add',
  string
>;

type AnswerValues = { answer: string };

/**
 * A yes/no question whose "yes" opens a list (Property Alterations, Financial Details): the
 * answer with its own Save; the rows with Delete, shown while the answer is yes or any are left;
 * and, while it is yes, a form to add one (`children` are its fields). What is typed in the add
 * form is kept as a draft until the server accepts it. Every write shows Saving..., then Saved;
 * a failure no field shows is said under the part that failed.
 */
export function YesNoListSection<T extends FieldValues>({
  texts,
  answered,
  answerField,
  saveAnswer,
  items,
  remove,
  saving,
  addForm,
  addFields,
  add,
  draftKey,
  children,
}: {
  texts: YesNoListTexts;
  /** The saved answer. */
  answered: boolean | null | undefined;
  /** The answer's name in the server's 422 (`hasAlterations`). */
  answerField: string;
  saveAnswer: (yes: boolean) => Promise<unknown>;
  items: Item[];
  remove: (id: number) => Promise<unknown>;
  /** A write is on its way: every control waits. */
  saving: boolean;
  addForm: UseFormReturn<T>;
  /** The add form's server-field map (as for applyServerErrors). */
  addFields: ServerFieldMap<T>;
  add: (values: T) => Promise<unknown>;
  draftKey: string;
  children: ReactNode;
}) {
  const [answerFailure, setAnswerFailure] = useState<unknown>(null);
  const [addFailure, setAddFailure] = useState<unknown>(null);
  const [deleteFailure, setDeleteFailure] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const [deletingId, setDeletingId] = useState<number | null>(null);

  const answerSchema = useMemo(
    () =>
      z.object({
        answer: z.string().refine((v) => ['yes', 'no'].includes(v), texts.answerRequired),
      }),
    [texts.answerRequired],
  );
  const answerForm = useForm<AnswerValues>({
    resolver: zodResolver(answerSchema),
    defaultValues: { answer: yesNo(answered) },
  });
  const forgetDraft = useDraft(draftKey, addForm);
  const answer = useWatch({ control: answerForm.control, name: 'answer' });

  const onAnswer = async (values: AnswerValues) => {
    setAnswerFailure(null);
    setSaved(false);
    try {
      await saveAnswer(values.answer === 'yes');
      setSaved(true);
    } catch (error) {
      if (applyServerErrors(error, answerForm.setError, { [answerField]: 'answer' })) {
        setAnswerFailure(error);
      }
    }
  };

  const onAdd = async (values: T) => {
    setAddFailure(null);
    setSaved(false);
    try {
      await add(values);
      addForm.reset();
      forgetDraft();
      setSaved(true);
    } catch (error) {
      if (applyServerErrors(error, addForm.setError, addFields)) setAddFailure(error);
    }
  };

  const onDelete = async (id: number) => {
    setDeleteFailure(null);
    setSaved(false);
    setDeletingId(id);
    try {
      await remove(id);
      setSaved(true);
    } catch (error) {
      setDeleteFailure(error);
    } finally {
      setDeletingId(null);
    }
  };

  return (
    <Stack spacing={4}>
      <Stack component="form" noValidate spacing={2} onSubmit={answerForm.handleSubmit(onAnswer)}>
        <RadioField
          control={answerForm.control}
          name="answer"
          legend={texts.question}
          hint={texts.questionHint}
          options={YES_NO}
          row
          error={answerForm.formState.errors.answer?.message}
          disabled={saving}
        />
        <FormError error={answerFailure} />
        <Box>
          <Button type="submit" variant="contained" disabled={saving}>
            {APPLICATION_TEXTS.save}
          </Button>
        </Box>
      </Stack>

      {(answer === 'yes' || items.length > 0) && (
        <Box component="section" aria-label={texts.listHeading}>
          <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
            {texts.listHeading}
          </Typography>
          <ItemList
            label={texts.listHeading}
            items={items}
            emptyText={texts.none}
            onDelete={(id) => void onDelete(id)}
            deletingId={deletingId}
            disabled={saving}
          />
          <FormError error={deleteFailure} />
        </Box>
      )}

      {answer === 'yes' && (
        <Stack
          component="form"
          noValidate
          spacing={3}
          aria-label={texts.addHeading}
          onSubmit={addForm.handleSubmit(onAdd)}
        >
          <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
            {texts.addHeading}
          </Typography>
          {children}
          <FormError error={addFailure} />
          <Box>
            <Button type="submit" variant="outlined" disabled={saving}>
              {texts.add}
            </Button>
          </Box>
        </Stack>
      )}
      <SaveStatus saving={saving} saved={saved} />
    </Stack>
  );
}
