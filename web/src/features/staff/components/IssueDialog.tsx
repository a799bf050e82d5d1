import type { FormEvent } from 'react';
import { useState } from 'react';
import type { CaseKind } from '../../cases';
import { useIssueDocument } from '../api/progress';
import { isSecondFactorRequired } from '../secondFactor';
import { documentTexts } from '../documentTexts';
import { STAFF_TEXTS } from '../texts';
import type { StaffTransitionDone } from '../types';
import { StepDialog } from './StepDialog';
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
  const issue = useIssueDocument(kind, caseId);
  const [problem, setProblem] = useState<string | null>(null);

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    issue.mutate(documentId, {
      onSuccess: onDone,
      onError: (error) => {
        if (!isSecondFactorRequired(error)) setProblem(problemOf(error));
      },
    });
  };

  return (
    <StepDialog
      open={open}
      onClose={onClose}
      onSubmit={confirm}
      busy={issue.isPending}
      title={documentTexts.issueTitle(label)}
      intro={documentTexts.issueIntro(parties)}
      problem={problem}
      confirmLabel={STAFF_TEXTS.issue}
    />
  );
}
