import UploadFile from '@mui/icons-material/UploadFile';
import { Box, Button, FormHelperText, Stack, TextField, Typography } from '@mui/material';
import { useId, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { fieldProps } from '../../../lib/form';
import { CASE_TYPE, type CaseKind } from '../../cases';
import { poundsToPence, todayIso, UploadParts, useFileUpload } from '../../application';
import { useRecordMortgageOffer } from '../api/progress';
import { reportIfSecondFactorRequired } from '../secondFactor';
import { offerTexts } from '../fundsTexts';
import type { StaffTransitionDone } from '../types';
import { StepDialog } from './StepDialog';
import { showRefusal } from './stepUp';

/** The longest special conditions the server keeps. */
const CONDITIONS_MAX = 4000;

interface Values {
  lender: string;
  amount: string;
  offerDate: string;
  expiresOn: string;
  specialConditions: string;
}

const FIELDS = ['lender', 'amount', 'offerDate', 'expiresOn', 'specialConditions'] as const;

/**
 * The offer's form: its document (uploaded first, as the firm's other uploads), the lender, the
 * advance, the offer's date and expiry, and any special conditions. Checked here as the server
 * checks it; a field the server names (422) is shown on that field, anything else above them.
 */
export function MortgageOfferDialog({
  kind,
  caseId,
  lender,
  onClose,
  onDone,
}: {
  kind: CaseKind;
  caseId: string;
  lender: string;
  onClose: () => void;
  onDone: (done: StaffTransitionDone) => void;
}) {
  const mutation = useRecordMortgageOffer(kind, caseId);
  const upload = useFileUpload();
  const { inputRef, uploadChosen, uploading } = upload;
  const [document, setDocument] = useState<{ id: number; name: string } | null>(null);
  const [documentError, setDocumentError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The day the form opened: the latest offer date and earliest expiry accepted.
  const [today] = useState(todayIso);
  const documentHelpId = useId();
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    defaultValues: { lender, amount: '', offerDate: '', expiresOn: '', specialConditions: '' },
  });

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const stored = await uploadChosen(
      event,
      (file) => ({
        caseType: CASE_TYPE[kind],
        caseId: Number(caseId),
        documentType: 'MORTGAGE_OFFER',
        file,
      }),
      reportIfSecondFactorRequired,
    );
    if (stored) {
      setDocument({ id: stored.documentId, name: stored.fileName ?? offerTexts.document });
      setDocumentError(null);
    }
  };

  const onSubmit = async (values: Values) => {
    setProblem(null);
    if (!document) {
      setDocumentError(offerTexts.documentRequired);
      return;
    }
    const conditions = values.specialConditions.trim();
    try {
      onDone(
        await mutation.mutateAsync({
          documentId: document.id,
          lender: values.lender.trim(),
          amount: poundsToPence(values.amount),
          offerDate: values.offerDate,
          expiresOn: values.expiresOn,
          specialConditions: conditions === '' ? null : conditions,
        }),
      );
    } catch (error) {
      showRefusal(error, [...FIELDS, 'documentId'] as const, {
        field: (field, message) => {
          if (field === 'documentId') setDocumentError(message);
          else if (field === 'code') setProblem(message);
          else setError(field, { message });
        },
        problem: setProblem,
      });
    }
  };

  return (
    <StepDialog
      open
      onClose={onClose}
      onSubmit={handleSubmit(onSubmit)}
      busy={isSubmitting || mutation.isPending || uploading}
      title={offerTexts.dialogTitle}
      intro={offerTexts.intro}
      problem={problem}
      confirmLabel={offerTexts.confirm}
    >
      <Stack spacing={1}>
        <Typography variant="subtitle2" component="p">
          {offerTexts.document}
        </Typography>
        {document && <Typography variant="body2">{offerTexts.uploaded(document.name)}</Typography>}
        <Box>
          <Button
            variant="outlined"
            startIcon={<UploadFile aria-hidden="true" />}
            aria-describedby={documentError ? documentHelpId : undefined}
            loading={uploading}
            loadingPosition="start"
            disabled={uploading}
            onClick={() => inputRef.current?.click()}
          >
            {document ? offerTexts.replace : offerTexts.upload}
          </Button>
        </Box>
        <UploadParts
          upload={upload}
          inputLabel={offerTexts.document}
          progressLabel={offerTexts.uploading}
          onFile={(event) => void onFile(event)}
        />
        {documentError && (
          <FormHelperText id={documentHelpId} error>
            {documentError}
          </FormHelperText>
        )}
      </Stack>
      <TextField
        label={offerTexts.lender}
        required
        fullWidth
        {...fieldProps(register, errors, 'lender', {
          validate: (v) => v.trim() !== '' || offerTexts.lenderRequired,
        })}
      />
      <TextField
        label={offerTexts.amount}
        required
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        {...fieldProps(register, errors, 'amount', {
          validate: (v) => (poundsToPence(v) ?? 0) > 0 || offerTexts.amountInvalid,
        })}
      />
      <TextField
        label={offerTexts.offerDate}
        type="date"
        required
        fullWidth
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
        {...fieldProps(register, errors, 'offerDate', {
          validate: (v) => {
            if (v === '') return offerTexts.offerDateRequired;
            // ISO dates compare as strings.
            return v <= today || offerTexts.offerDateFuture;
          },
        })}
      />
      <TextField
        label={offerTexts.expiresOn}
        type="date"
        required
        fullWidth
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
        {...fieldProps(register, errors, 'expiresOn', {
          validate: (v) => {
            if (v === '') return offerTexts.expiresOnRequired;
            const offerDate = getValues('offerDate');
            if (offerDate !== '' && v <= offerDate) return offerTexts.expiresBeforeOffer;
            return v >= today || offerTexts.expired;
          },
        })}
      />
      <TextField
        label={offerTexts.specialConditions}
        multiline
        minRows={3}
        fullWidth
        {...fieldProps(register, errors, 'specialConditions', {
          validate: (v) => v.trim().length <= CONDITIONS_MAX || offerTexts.specialConditionsTooLong,
        })}
      />
    </StepDialog>
  );
}
