import CheckCircle from '@mui/icons-material/CheckCircle';
import UploadFile from '@mui/icons-material/UploadFile';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useId, useMemo, useState, type ChangeEvent } from 'react';
import type {
  CaseType,
  DocumentBody,
  ExpandedCase,
  RemortgagingExpanded,
  RequiredDocument,
} from '../../../lib/api/types';
import { formatDate } from '../../../lib/format';
import { ALTERATION_TYPE_LABELS, documentTypeLabel } from '../../../lib/labels';
import { useSession } from '../../auth';
import { CASE_TYPE } from '../../cases';
import { downloadWithSession, useMyDocuments } from '../../documents';
import { isBuying, kindOf } from '../caseKind';
import { useDeleteDocument } from '../api/deleteDocument';
import { UploadParts } from '../components/UploadParts';
import { useFileUpload } from '../components/useFileUpload';
import { DOCUMENT_GUIDANCE, DOCUMENTS_TEXTS } from '../texts';

/** An uploaded file as the slot shows it: its name and when it was uploaded. */
export interface SlotFile {
  fileName: string;
  createdAt: string;
}

/** documentId → file, from the documents the reader can list. */
type SlotFiles = ReadonlyMap<number, SlotFile>;

const NO_FILES: SlotFiles = new Map();

/**
 * The file names and upload dates of a customer's documents (GET /documents, which names every
 * document of their cases). A broker cannot list a client's files; their slots name only what
 * they uploaded themselves on this page (the upload's answer).
 */
function useSlotFiles(enabled: boolean): SlotFiles {
  const { isBroker } = useSession();
  const mine = useMyDocuments(enabled && !isBroker);
  return useMemo(() => {
    if (!mine.data) return NO_FILES;
    const files = new Map<number, SlotFile>();
    for (const entry of mine.data.cases) {
      for (const doc of entry.documents) files.set(doc.documentId, doc);
    }
    return files;
  }, [mine.data]);
}

/** 'statement.pdf, uploaded 12/03/2026' (or 'Uploaded' when the file is not known here). */
export function uploadedText(file: SlotFile | undefined): string {
  if (!file) return DOCUMENTS_TEXTS.uploaded;
  return DOCUMENTS_TEXTS.uploadedFile(file.fileName, formatDate(file.createdAt));
}

/**
 * One required-document slot: what it is, what to upload, and upload; once uploaded, the file's
 * name and date with Download, Replace (a new file into the same slot, the old one then
 * deleted) and Delete.
 */
function DocumentSlot({
  caseType,
  caseId,
  slot,
  files,
}: {
  caseType: CaseType;
  caseId: string;
  slot: RequiredDocument;
  files: SlotFiles;
}) {
  const label = documentTypeLabel(slot.documentType);
  const guidance = DOCUMENT_GUIDANCE[slot.documentType];
  const upload = useFileUpload();
  const { inputRef, uploadChosen, uploading, setProblem } = upload;
  const remove = useDeleteDocument();
  const guidanceId = useId();
  const [stored, setStored] = useState<DocumentBody | null>(null);
  const uploaded = slot.documentId != null;
  const busy = uploading || remove.isPending;
  const file =
    slot.documentId == null
      ? undefined
      : (files.get(slot.documentId) ??
        (stored?.documentId === slot.documentId ? stored : undefined));

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    // Replacing: the new file fills the slot first, then the old one goes, so the slot is
    // never empty. If the old one cannot be deleted (another party uploaded it), it stays
    // among the case's documents and the slot holds the new one all the same.
    const previous = slot.documentId;
    const done = await uploadChosen(event, (chosen) => ({
      caseType,
      caseId: Number(caseId),
      documentType: slot.documentType,
      requiredDocumentId: slot.id,
      file: chosen,
    }));
    if (!done) return;
    setStored(done);
    if (previous != null && previous !== done.documentId) {
      await remove.mutateAsync(previous).catch(() => undefined);
    }
  };

  const onDelete = async () => {
    if (slot.documentId == null) return;
    setProblem(null);
    try {
      await remove.mutateAsync(slot.documentId);
    } catch {
      setProblem(DOCUMENTS_TEXTS.deleteFailed);
    }
  };

  const onView = async () => {
    if (slot.documentId == null) return;
    setProblem(null);
    if (!(await downloadWithSession(slot.documentId, file?.fileName))) {
      setProblem(DOCUMENTS_TEXTS.viewFailed);
    }
  };

  return (
    <Box
      component="li"
      data-document-type={slot.documentType}
      data-uploaded={uploaded}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, mb: 1.5 }}
    >
      <Stack spacing={1}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {label}
            </Typography>
            <Typography
              variant="body2"
              data-testid="document-status"
              sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, overflowWrap: 'anywhere' }}
              color={uploaded ? 'success.main' : 'text.secondary'}
            >
              {uploaded && (
                <CheckCircle fontSize="small" aria-hidden="true" sx={{ flexShrink: 0 }} />
              )}
              <span>{uploaded ? uploadedText(file) : DOCUMENTS_TEXTS.notUploaded}</span>
            </Typography>
          </Box>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, flexShrink: 0 }}>
            {uploaded ? (
              <>
                <Button
                  variant="outlined"
                  aria-label={`${DOCUMENTS_TEXTS.view} ${label}`}
                  onClick={() => void onView()}
                  disabled={busy}
                >
                  {DOCUMENTS_TEXTS.view}
                </Button>
                <Button
                  variant="outlined"
                  startIcon={<UploadFile aria-hidden="true" />}
                  aria-label={`${DOCUMENTS_TEXTS.replace} ${label}`}
                  aria-describedby={guidance ? guidanceId : undefined}
                  onClick={() => inputRef.current?.click()}
                  disabled={busy}
                >
                  {DOCUMENTS_TEXTS.replace}
                </Button>
                <Button
                  variant="outlined"
                  color="error"
                  aria-label={`Delete ${label}`}
                  onClick={() => void onDelete()}
                  disabled={busy}
                >
                  Delete
                </Button>
              </>
            ) : (
              <Button
                variant="contained"
                startIcon={<UploadFile aria-hidden="true" />}
                aria-label={`${DOCUMENTS_TEXTS.upload} ${label}`}
                aria-describedby={guidance ? guidanceId : undefined}
                onClick={() => inputRef.current?.click()}
                disabled={busy}
              >
                {DOCUMENTS_TEXTS.upload}
              </Button>
            )}
          </Stack>
        </Stack>
        {guidance && (
          <Typography id={guidanceId} variant="body2" data-testid="document-guidance">
            {guidance}
          </Typography>
        )}
        <UploadParts
          upload={upload}
          inputLabel={`${DOCUMENTS_TEXTS.upload} ${label} file`}
          progressLabel={`${DOCUMENTS_TEXTS.uploading} ${label}`}
          onFile={(event) => void onFile(event)}
        />
      </Stack>
    </Box>
  );
}

/**
 * One required-document slot on its own, with its guidance and upload (the source-of-funds page:
 * a source's evidence).
 */
export function RequiredDocumentSlot({
  caseType,
  caseId,
  slot,
}: {
  caseType: CaseType;
  caseId: string;
  slot: RequiredDocument;
}) {
  const files = useSlotFiles(slot.documentId != null);
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      <DocumentSlot caseType={caseType} caseId={caseId} slot={slot} files={files} />
    </Box>
  );
}

interface Group {
  key: string;
  title: string;
  slots: RequiredDocument[];
}

function DocumentGroup({
  caseType,
  title,
  caseId,
  slots,
  files,
}: {
  caseType: CaseType;
  title: string;
  caseId: string;
  slots: RequiredDocument[];
  files: SlotFiles;
}) {
  const headingId = useId();
  if (slots.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
        {title}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {slots.map((slot) => (
          <DocumentSlot
            key={slot.id}
            caseType={caseType}
            caseId={caseId}
            slot={slot}
            files={files}
          />
        ))}
      </Box>
    </Box>
  );
}

/** A remortgage's groups: its documents, each alteration's, then the buy-to-let documents. */
function remortgagingGroups(expanded: RemortgagingExpanded): Group[] {
  const { documents, alterationDocuments, buyToLetDocuments } = expanded.requiredDocuments;
  const alterationTitle = (alterationId: number) => {
    const alteration = expanded.alterations.find((a) => a.id === alterationId);
    if (!alteration) return DOCUMENTS_TEXTS.alterationDocuments;
    const name = ALTERATION_TYPE_LABELS[alteration.alterationType];
    const when = alteration.completedOn ? ` (${formatDate(alteration.completedOn)})` : '';
    return `${DOCUMENTS_TEXTS.alterationDocuments}: ${name}${when}`;
  };
  return [
    { key: 'documents', title: DOCUMENTS_TEXTS.documents, slots: documents },
    ...alterationDocuments.map((group) => ({
      key: `alteration-${group.alterationId}`,
      title: alterationTitle(group.alterationId),
      slots: group.requiredDocuments,
    })),
    { key: 'buy-to-let', title: DOCUMENTS_TEXTS.buyToLetDocuments, slots: buyToLetDocuments },
  ];
}

/** The required-document groups of either case type, in the order they are shown. */
export function documentGroups(expanded: ExpandedCase): Group[] {
  if (!isBuying(expanded)) return remortgagingGroups(expanded);
  const r = expanded.requiredDocuments;
  return [
    { key: 'documents', title: DOCUMENTS_TEXTS.documents, slots: r.documents },
    {
      key: 'source-of-funds',
      title: DOCUMENTS_TEXTS.sourceOfFundsDocuments,
      slots: r.sourceOfFundsDocuments,
    },
    { key: 'isas', title: DOCUMENTS_TEXTS.isaDocuments, slots: r.isaDocuments },
    { key: 'statements', title: DOCUMENTS_TEXTS.statements, slots: r.statements },
    { key: 'buy-to-let', title: DOCUMENTS_TEXTS.buyToLetDocuments, slots: r.buyToLetDocuments },
  ];
}

/**
 * Documents (/application/documents) of either case type: the required-document checklist the
 * server keeps for the case, by group (a remortgage: documents, alteration documents by
 * alteration, buy-to-let documents; a purchase: documents, evidence of the sources of funds,
 * ISA statements, bank statements, buy-to-let documents), each with the evidence it needs,
 * uploaded with POST /document into its slot and removed with DELETE /document/{documentId}.
 */
export function DocumentsSection({ caseId, expanded }: { caseId: string; expanded: ExpandedCase }) {
  const nothing = documentGroups(expanded).every((g) => g.slots.length === 0);
  return (
    <Stack spacing={4}>
      <Typography>{DOCUMENTS_TEXTS.intro}</Typography>
      {nothing && <Typography>{DOCUMENTS_TEXTS.nothingRequired}</Typography>}
      <RequiredDocumentGroups caseId={caseId} expanded={expanded} />
    </Stack>
  );
}

/** The required documents not uploaded yet, by group (an empty list when there are none). */
export function outstandingGroups(expanded: ExpandedCase): Group[] {
  return documentGroups(expanded)
    .map((g) => ({ ...g, slots: g.slots.filter((slot) => slot.documentId == null) }))
    .filter((g) => g.slots.length > 0);
}

/**
 * The required-document slots by group, each with its evidence guidance and upload: every slot
 * (the application's Documents section), or only those still to upload (`outstandingOnly`, the
 * Upload Documents tile after submission).
 */
export function RequiredDocumentGroups({
  caseId,
  expanded,
  outstandingOnly = false,
}: {
  caseId: string;
  expanded: ExpandedCase;
  outstandingOnly?: boolean;
}) {
  const caseType = CASE_TYPE[kindOf(expanded)];
  const groups = outstandingOnly ? outstandingGroups(expanded) : documentGroups(expanded);
  // Only uploaded slots show a file, and the outstanding list has none.
  const files = useSlotFiles(!outstandingOnly);
  return (
    <>
      {groups.map((group) => (
        <DocumentGroup
          key={group.key}
          caseType={caseType}
          title={group.title}
          caseId={caseId}
          slots={group.slots}
          files={files}
        />
      ))}
    </>
  );
}
