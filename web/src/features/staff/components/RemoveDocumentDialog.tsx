import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { muiField } from '../../../lib/form';
import type { CaseKind } from '../../cases';
import { useRemoveDocument } from '../api/progress';
import { removalTexts, STAFF_TEXTS } from '../texts';
import { CodeField } from './CodeField';
import { checkCode, showRefusal, typedCode } from './stepUp';

const REASON_MAX = 2000;

interface Values {
  reason: string;
  code: string;
}

/** A document the firm may delete, as its list names it. */
export interface RemovableDocument {
  documentId: number;
  /** What the list calls it ('Mortgage statement', 'Mortgage report (draft)'). */
  name: string;
}

/**
 * Deleting a document: why (required, at most 2000 characters, kept in the audit trail) and a
 * fresh code from the authenticator app (step-up), then DELETE …/documents/{documentId}. The
 * server's problems with the reason or the code (422, 403 `step_up_required`) are shown on their
 * field; its refusal (409: an issued document is kept, the case is closed) above them.
 */
export function RemoveDocumentDialog({
  kind,
  caseId,
  document,
  open,
  onClose,
  onDone,
}: {
  kind: CaseKind;
  caseId: string;
  document: RemovableDocument;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  const mutation = useRemoveDocument(kind, caseId);
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: { reason: '', code: '' } });

  const onSubmit = async ({ reason, code }: Values) => {
    setProblem(null);
    try {
      await mutation.mutateAsync({
        documentId: document.documentId,
        body: { reason: reason.trim(), code: typedCode(code) },
      });
      onDone();
    } catch (error) {
      showRefusal(error, ['reason', 'code'] as const, {
        field: (name, message) => setError(name, { message }),
        problem: setProblem,
      });
    }
  };

  const busy = isSubmitting || mutation.isPending;
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="sm"
      fullWidth
    >
      <Stack component="form" noValidate onSubmit={handleSubmit(onSubmit)}>
        <DialogTitle id={titleId}>{STAFF_TEXTS.deleteTitle}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5}>
            <DialogContentText id={textId} sx={{ overflowWrap: 'anywhere' }}>
              {removalTexts.intro(document.name)}
            </DialogContentText>
            {problem && (
              <Alert severity="error" role="alert">
                {problem}
              </Alert>
            )}
            <TextField
              label={STAFF_TEXTS.deleteReason}
              multiline
              minRows={3}
              required
              fullWidth
              error={!!errors.reason}
              helperText={errors.reason?.message}
              {...muiField(
                register('reason', {
                  validate: (v) => {
                    if (v.trim() === '') return STAFF_TEXTS.deleteReasonRequired;
                    if (v.trim().length > REASON_MAX) return STAFF_TEXTS.sendBackTooLong;
                    return true;
                  },
                }),
              )}
            />
            <CodeField
              required
              error={!!errors.code}
              helperText={errors.code?.message ?? STAFF_TEXTS.stepUpHint}
              {...muiField(register('code', { validate: checkCode }))}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onClose} disabled={busy}>
            {STAFF_TEXTS.cancel}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color="error"
            loading={busy}
            loadingPosition="start"
            disabled={busy}
          >
            {STAFF_TEXTS.delete}
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}

/**
 * Where the type of a listed document repeats, its place among them (1, 2…), so each Delete
 * button has a name of its own; `null` where the type is the only one.
 */
export function numberOf<D extends { documentId: number; documentType: string }>(
  documents: readonly D[],
  doc: D,
): number | null {
  const same = documents.filter((d) => d.documentType === doc.documentType);
  return same.length > 1 ? same.findIndex((d) => d.documentId === doc.documentId) + 1 : null;
}

/**
 * A panel's Delete buttons and their dialog: `ask` opens it for a document (a new dialog each
 * time, nothing left over from the last); once deleted it closes, the case is fetched again
 * (the document leaves the list) and a toast says so.
 */
export function useDocumentRemoval(kind: CaseKind, caseId: string) {
  const { enqueueSnackbar } = useSnackbar();
  const [target, setTarget] = useState<RemovableDocument | null>(null);
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState(0);
  return {
    ask: (document: RemovableDocument) => {
      setTarget(document);
      setKey((k) => k + 1);
      setOpen(true);
    },
    dialog: target && (
      <RemoveDocumentDialog
        key={key}
        kind={kind}
        caseId={caseId}
        document={target}
        open={open}
        onClose={() => setOpen(false)}
        onDone={() => {
          setOpen(false);
          enqueueSnackbar(STAFF_TEXTS.documentDeleted, { variant: 'success' });
        }}
      />
    ),
  };
}

/** 'Delete', named for its document ('Delete Mortgage statement'). */
export function DeleteDocumentButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <Button
      size="small"
      variant="outlined"
      color="error"
      aria-label={removalTexts.button(name)}
      onClick={onClick}
    >
      {STAFF_TEXTS.delete}
    </Button>
  );
}
