import { Box, Button, Stack, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { Fragment, useState } from 'react';
import { partiesOf } from '../../application';
import { KIND_WORDS, type CaseKind } from '../../cases';
import { documentTypeLabel } from '../../../lib/documentLabels';
import { useDraftDocument } from '../api/progress';
import { documentTexts, FINDINGS } from '../documentTexts';
import { STAFF_TEXTS } from '../texts';
import type {
  StaffCase,
  StaffDraftRequest,
  StaffDraftType,
  StaffGeneratedDocument,
} from '../types';
import { FindingsDialog } from './FindingsDialog';
import { IssueDialog } from './IssueDialog';
import { FirmUploadButton } from './FirmUploadButton';
import { DocumentItem } from './IssuedDocumentItem';
import { Panel } from './Panel';
import { numberOf, useDocumentRemoval, type RemovableDocument } from './RemoveDocumentDialog';
import { useStepReport } from './useStepReport';

/** Statuses on which nothing more is drafted or added. */
const CLOSED: readonly string[] = ['COMPLETED', 'CANCELLED', 'INELIGIBLE'];

/** A closed case (the workflow's closed statuses): its documents are kept as they are. */
export function isClosed(status: string): boolean {
  return CLOSED.includes(status);
}

/** A submitted case still open: the firm drafts, issues and adds documents to it. */
export function isWorkable({ expanded, status }: StaffCase): boolean {
  return expanded.view.submitted && !isClosed(status);
}

/** The drafts the server offers now (`draftable`: each at the stage whose step issues it). */
const draftable = ({ draftable }: StaffCase) => draftable as StaffDraftType[];

/**
 * 'Documents we issue': what Threshold has made for the case, drafts (only staff see them) and
 * issued; drafting from the case as it is now, at the stage that issues each (a remortgage's
 * mortgage report, a purchase's client care letter and report on title, either's completion
 * statement: the server's `draftable`), or uploading the firm's own PDF in its place; issuing a draft (the
 * customers are told and asked to accept it); who has accepted each issued document; deleting
 * a draft while the case is open (a reason and a fresh code).
 */
export function IssuedDocumentsPanel({
  kind,
  caseId,
  staffCase,
}: {
  kind: CaseKind;
  caseId: string;
  staffCase: StaffCase;
}) {
  const { expanded, status } = staffCase;
  const documents = expanded.documents.generatedDocuments;
  // The case's owners (a remortgage) or buyers (a purchase): who accepts what the firm issues.
  const parties = partiesOf(expanded);
  const partyWord = KIND_WORDS[kind].partyWord;
  const toDraft = draftable(staffCase);
  // The firm's drafts may be deleted while the case is open; an issued document is kept.
  const drafts = documents.filter((d) => d.isDraft);
  const issued = documents.filter((d) => !d.isDraft);
  const removal = useDocumentRemoval(kind, caseId);
  // Each named by its type, numbered where a type repeats among the drafts or the issued.
  const nameOf = (doc: StaffGeneratedDocument) => {
    const label = documentTypeLabel(doc.documentType);
    return doc.isDraft
      ? documentTexts.draftName(label, numberOf(drafts, doc))
      : documentTexts.name(label, numberOf(issued, doc));
  };
  const removable = (doc: StaffGeneratedDocument): RemovableDocument | null =>
    doc.isDraft && !isClosed(status) ? { documentId: doc.documentId, name: nameOf(doc) } : null;
  const draft = useDraftDocument(kind, caseId);
  const report = useStepReport(kind, caseId);
  const { enqueueSnackbar } = useSnackbar();
  const [issuing, setIssuing] = useState<StaffGeneratedDocument | null>(null);
  const [issueOpen, setIssueOpen] = useState(false);
  // A new dialog each time it opens (no refusal left over from the last time).
  const [issueKey, setIssueKey] = useState(0);

  // A report opens a dialog for the conveyancer's findings first; the rest are drafted at once.
  const [findingsFor, setFindingsFor] = useState<StaffDraftType | null>(null);
  const drafting = draft.isPending ? draft.variables.documentType : null;
  const draftNow = (body: StaffDraftRequest) =>
    draft.mutateAsync(body).then(
      () => {
        setFindingsFor(null);
        report.done(documentTexts.draftedToast(documentTypeLabel(body.documentType)), status);
      },
      (error: unknown) => {
        // A report's field problems show in its dialog; anything else as every step's does.
        if (!findingsFor) report.failed(error);
        throw error;
      },
    );
  return (
    <Panel title={STAFF_TEXTS.documentsWeIssue}>
      <Stack spacing={2}>
        {documents.length === 0 ? (
          <Typography>{STAFF_TEXTS.noIssuedDocuments}</Typography>
        ) : (
          <Box
            component="ul"
            aria-label={STAFF_TEXTS.documentsWeIssue}
            sx={{ listStyle: 'none', m: 0, p: 0 }}
          >
            {documents.map((d) => (
              <DocumentItem
                key={d.documentId}
                doc={d}
                name={nameOf(d)}
                parties={parties}
                partyWord={partyWord}
                onIssue={(doc) => {
                  setIssuing(doc);
                  setIssueKey((k) => k + 1);
                  setIssueOpen(true);
                }}
                removable={removable(d)}
                onDelete={removal.ask}
              />
            ))}
          </Box>
        )}
        {toDraft.length > 0 && (
          <Box>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              {STAFF_TEXTS.draftsNote}
            </Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5 }}>
              {toDraft.map((type) => {
                const label = documentTypeLabel(type);
                return (
                  <Fragment key={type}>
                    <Button
                      variant="outlined"
                      loading={drafting === type}
                      loadingPosition="start"
                      disabled={draft.isPending}
                      onClick={() =>
                        FINDINGS[type]
                          ? setFindingsFor(type)
                          : draftNow({ documentType: type }).catch(() => undefined)
                      }
                    >
                      {documentTexts.draftButton(label)}
                    </Button>
                    {/* The firm's own PDF in place of the drafted one, kept as a draft. */}
                    <FirmUploadButton
                      kind={kind}
                      caseId={caseId}
                      documentType={type}
                      text={documentTexts.ownDraftButton(label)}
                      uploadingText={documentTexts.ownDraftUploading(label)}
                      variant="text"
                      accept="application/pdf"
                      disabled={draft.isPending}
                      onStored={() =>
                        enqueueSnackbar(documentTexts.ownDraftToast(label), { variant: 'success' })
                      }
                    />
                  </Fragment>
                );
              })}
            </Stack>
            <Typography role="status" variant="body2" sx={{ mt: drafting ? 1 : 0 }}>
              {drafting ? documentTexts.drafting(documentTypeLabel(drafting)) : ''}
            </Typography>
          </Box>
        )}
      </Stack>
      {removal.dialog}
      {findingsFor && (
        <FindingsDialog
          documentType={findingsFor}
          busy={draft.isPending}
          onDraft={draftNow}
          onClose={() => setFindingsFor(null)}
        />
      )}
      {issuing && (
        <IssueDialog
          key={issueKey}
          kind={kind}
          caseId={caseId}
          documentId={issuing.documentId}
          label={documentTypeLabel(issuing.documentType)}
          parties={partyWord}
          open={issueOpen}
          onClose={() => setIssueOpen(false)}
          onDone={(done) => {
            setIssueOpen(false);
            report.done(
              documentTexts.issuedToast(documentTypeLabel(issuing.documentType)),
              status,
              done.status,
            );
          }}
        />
      )}
    </Panel>
  );
}
