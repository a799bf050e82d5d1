import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Stack } from '@mui/material';
import { useMemo, useState, type ReactNode } from 'react';
import { useForm, useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { APPLICATION_TEXTS } from '../texts';
import { applyServerErrors, type ServerFieldMap } from '../validation';
import { AddableList, type AddableListTexts } from './AddableList';
import { RadioField, YES_NO, yesNo } from './fields';
import { FormError } from './FormError';
import { type Item } from './ItemList';
import { SaveStatus } from './SaveStatus';

/** The words of a yes/no question with a list (ALTERATIONS_TEXTS, LOANS_TEXTS). */
export type YesNoListTexts = AddableListTexts &
  Record<'question' | 'questionHint' | 'answerRequired', string>;

type AnswerValues = { answer: string };

/**
 * A yes/no question whose "yes" opens a list (Property Alterations, Financial Details, Loans):
 * the answer with its own Save; the rows with Delete, shown while the answer is yes or any are
 * left; and, while it is yes, a form to add one (`children` are its fields; AddableList). Every
 * write shows Saving..., then Saved; a failure no field shows is said under the part that failed.
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
  const [saved, setSaved] = useState(false);

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

      <AddableList
        texts={texts}
        items={items}
        remove={remove}
        saving={saving}
        addForm={addForm}
        addFields={addFields}
        add={add}
        draftKey={draftKey}
        showList={answer === 'yes' || items.length > 0}
        showAdd={answer === 'yes'}
        onSaved={setSaved}
      >
        {children}
      </AddableList>
      <SaveStatus saving={saving} saved={saved} />
    </Stack>
  );
}
