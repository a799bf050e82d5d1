import { TextField } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { fieldProps } from '../../../lib/form';
import { documentTypeLabel } from '../../../lib/documentLabels';
import { documentTexts as T, FINDINGS } from '../documentTexts';
import type { StaffDraftRequest, StaffDraftType, StaffFindingField } from '../types';
import { StepDialog } from './StepDialog';
import { showRefusal } from './stepUp';

/** The server's limit on a finding (api/src/staff/documents.rs). */
const FINDING_MAX = 5000;

type Values = Record<StaffFindingField, string>;

/**
 * A report's draft (issue 29): the conveyancer writes the findings the case's file cannot state
 * (what the title and the searches show, what the lender's offer asks); the report says nothing
 * else beyond what the case records. The server's field problems show on the fields.
 */
export function FindingsDialog({
  documentType,
  busy,
  onDraft,
  onClose,
}: {
  documentType: StaffDraftType;
  busy: boolean;
  onDraft: (body: StaffDraftRequest) => Promise<void>;
  onClose: () => void;
}) {
  const fields = FINDINGS[documentType] ?? [];
  const label = documentTypeLabel(documentType);
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    defaultValues: { titleFindings: '', searchFindings: '', lenderFindings: '' },
  });
  const onSubmit = async (values: Values) => {
    setProblem(null);
    const body: StaffDraftRequest = { documentType };
    for (const { field } of fields) {
      const text = values[field].trim();
      if (text !== '') body[field] = text;
    }
    try {
      await onDraft(body);
    } catch (error) {
      showRefusal(
        error,
        fields.map((f) => f.field),
        {
          field: (field, message) =>
            field === 'code' ? setProblem(message) : setError(field, { message }),
          problem: setProblem,
        },
      );
    }
  };
  return (
    <StepDialog
      open
      onClose={onClose}
      onSubmit={handleSubmit(onSubmit)}
      busy={busy || isSubmitting}
      title={T.findingsTitle(label)}
      intro={T.findingsIntro}
      problem={problem}
      confirmLabel={T.draftConfirm}
    >
      {fields.map(({ field, label: fieldLabel, helper, required }) => (
        <TextField
          key={field}
          label={fieldLabel}
          required={required}
          multiline
          minRows={3}
          fullWidth
          {...fieldProps(register, errors, field, {
            validate: (value) => {
              const text = value.trim();
              if (required && text === '') return T.findingRequired;
              return text.length <= FINDING_MAX || T.findingTooLong;
            },
            hint: helper,
          })}
        />
      ))}
    </StepDialog>
  );
}
