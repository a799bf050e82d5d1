import UploadFile from '@mui/icons-material/UploadFile';
import { Box, Button, FormHelperText, Stack, TextField, Typography } from '@mui/material';
import { useId, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { fieldProps } from '../../../lib/form';
import { lenderLabel } from '../../../lib/labels';
import type { ExpandedCase } from '../../../lib/api/types';
import { CASE_TYPE, type CaseKind, BUYING_STATUSES, REMORTGAGING_STATUSES } from '../../cases';
import { poundsToPence, todayIso, UploadParts, useFileUpload } from '../../application';
import { useRecordMortgageOffer } from '../api/progress';
import { reportIfSecondFactorRequired } from '../secondFactor';
import { offerTexts } from '../fundsTexts';
import { STAFF_TEXTS } from '../texts';
import type { StaffTransitionDone } from '../types';
import { StepDialog } from './StepDialog';
import { showRefusal } from './stepUp';
import { useStepReport } from './useStepReport';

/**
 * Where an offer can be recorded, while the case is open: a remortgage from Awaiting Mortgage
 * Offer on; a purchase once submitted (the buyers' lender sends it while the file goes on).
 */
const OFFER_STATUSES: Record<CaseKind, readonly string[]> = {
  remortgaging: between(REMORTGAGING_STATUSES, 'AWAITING_MORTGAGE_OFFER', 'PENDING_COMPLETION'),
  buying: between(BUYING_STATUSES, 'PREPARE_CLIENT_CARE_LETTER', 'PENDING_COMPLETION'),
};

/** The statuses from `first` to `last`, in the workflow's order. */
function between(statuses: readonly string[], first: string, last: string): readonly string[] {
  return statuses.slice(statuses.indexOf(first), statuses.indexOf(last) + 1);
}

/** The longest special conditions the server keeps. */
const CONDITIONS_MAX = 4000;

/**
 * A case whose lender's offer is awaited (or was never recorded on a later status): a
 * remortgage's, or a purchase's that names a lender (a cash purchase has no offer).
 */
export function needsMortgageOffer(
  kind: CaseKind,
  status: string,
  expanded: ExpandedCase,
  recorded: boolean,
): boolean {
  if (recorded || !OFFER_STATUSES[kind].includes(status)) return false;
  return 'propertyOwners' in expanded
    ? !expanded.hasMortgageOffer
    : !!expanded.lender && expanded.lender !== 'NO_LENDER';
}

/** The lender the form first suggests: the remortgage's new lender, or the buyers'. */
export function offerLender(expanded: ExpandedCase): string | null | undefined {
  return 'buyers' in expanded ? expanded.lender : expanded.newLender;
}

/**
 * 'Record mortgage offer received': opens the form that records the lender's offer with its
 * evidence (the case may move on).
 */
export function MortgageOfferStep({
  kind,
  caseId,
  caseStatus,
  lender,
}: {
  kind: CaseKind;
  caseId: string;
  caseStatus: string;
  /** The case's new lender (a code), the form's first guess at who made the offer. */
  lender: string | null | undefined;
}) {
  const [open, setOpen] = useState(false);
  const report = useStepReport(kind, caseId);
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: 2,
        rowGap: 1,
        mb: 2,
        pb: 2,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Button variant="contained" onClick={() => setOpen(true)}>
        {STAFF_TEXTS.recordOffer}
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 0 }}>
        {STAFF_TEXTS.offerMissing}
      </Typography>
      {open && (
        <MortgageOfferDialog
          kind={kind}
          caseId={caseId}
          lender={lender && lender !== 'NO_LENDER' ? lenderLabel(lender) : ''}
          onClose={() => setOpen(false)}
          onDone={(done) => {
            setOpen(false);
            report.done(STAFF_TEXTS.offerRecorded, caseStatus, done.status);
          }}
        />
      )}
    </Box>
  );
}

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
function MortgageOfferDialog({
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
