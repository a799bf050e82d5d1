import CheckCircle from '@mui/icons-material/CheckCircle';
import UploadFile from '@mui/icons-material/UploadFile';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useId, useState, type ChangeEvent } from 'react';
import type { CaseType, DocumentBody, RequiredDocument } from '../../../lib/api/types';
import { formatDate } from '../../../lib/format';
import { documentTypeLabel } from '../../../lib/documentLabels';
import { downloadWithSession } from '../../documents';
import { useDeleteDocument } from '../api/deleteDocument';
import { UploadParts } from '../components/UploadParts';
import { useFileUpload } from '../components/useFileUpload';
import { DOCUMENT_GUIDANCE, DOCUMENTS_TEXTS } from '../documentsTexts';
import { useSlotFiles, type SlotFile, type SlotFiles } from './useSlotFiles';

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
export function DocumentSlot({
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
