import { Button, TextField } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { fieldProps } from '../../../lib/form';
import type { CaseKind } from '../../cases';
import { useRemoveDocument } from '../api/progress';
import { removalTexts } from '../documentTexts';
import { STAFF_TEXTS } from '../texts';
import { CodeField } from './CodeField';
import { checkReason, StepDialog } from './StepDialog';
import { checkCode, showRefusal, typedCode } from './stepUp';

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

  return (
    <StepDialog
      open={open}
      onClose={onClose}
      onSubmit={handleSubmit(onSubmit)}
      busy={isSubmitting || mutation.isPending}
      title={STAFF_TEXTS.deleteTitle}
      intro={removalTexts.intro(document.name)}
      problem={problem}
      confirmLabel={STAFF_TEXTS.delete}
      destructive
    >
      <TextField
        label={STAFF_TEXTS.deleteReason}
        multiline
        minRows={3}
        required
        fullWidth
        {...fieldProps(register, errors, 'reason', {
          validate: checkReason(STAFF_TEXTS.deleteReasonRequired),
        })}
      />
      <CodeField
        required
        {...fieldProps(register, errors, 'code', {
          validate: checkCode,
          hint: STAFF_TEXTS.stepUpHint,
        })}
      />
    </StepDialog>
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
