import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useId, useState } from 'react';
import type { CaseKind } from '../../cases';
import { useIssueDocument } from '../api/progress';
import { isSecondFactorRequired } from '../secondFactor';
import { documentTexts, STAFF_TEXTS } from '../texts';
import type { StaffTransitionDone } from '../types';
import { problemOf } from './useStepReport';

/**
 * 'Issue to customers', confirmed: the draft is issued and the workflow's publishing step taken.
 * The workflow's refusal (409, e.g. a Help to Buy letter still awaited) is shown here as it
 * says it.
 */
export function IssueDialog({
  kind,
  caseId,
  documentId,
  label,
  parties,
  open,
  onClose,
  onDone,
}: {
  kind: CaseKind;
  caseId: string;
  documentId: number;
  /** The document type's label ('Mortgage report'). */
  label: string;
  /** Who is asked to accept it: 'owners' or 'buyers'. */
  parties: string;
  open: boolean;
  onClose: () => void;
  onDone: (done: StaffTransitionDone) => void;
}) {
  const titleId = useId();
  const textId = useId();
  const issue = useIssueDocument(kind, caseId);
  const [problem, setProblem] = useState<string | null>(null);
  const busy = issue.isPending;

  const confirm = () => {
    setProblem(null);
    issue.mutate(documentId, {
      onSuccess: onDone,
      onError: (error) => {
        if (!isSecondFactorRequired(error)) setProblem(problemOf(error));
      },
    });
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{documentTexts.issueTitle(label)}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} sx={{ mb: problem ? 2 : 0 }}>
          {documentTexts.issueIntro(parties)}
        </DialogContentText>
        {problem && (
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={busy}>
          {STAFF_TEXTS.cancel}
        </Button>
        <Button
          variant="contained"
          onClick={confirm}
          loading={busy}
          loadingPosition="start"
          disabled={busy}
        >
          {STAFF_TEXTS.issue}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
