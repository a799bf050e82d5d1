import CheckCircle from '@mui/icons-material/CheckCircle';
import UploadFile from '@mui/icons-material/UploadFile';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useId, type ChangeEvent } from 'react';
import type {
  CaseType,
  ExpandedCase,
  RemortgagingExpanded,
  RequiredDocument,
} from '../../../lib/api/types';
import { formatDate } from '../../../lib/format';
import { CASE_TYPE } from '../../cases';
import { documentTypeLabel, downloadWithSession } from '../../documents';
import { isBuying, kindOf } from '../caseKind';
import { useDeleteDocument } from '../api/deleteDocument';
import { UploadParts } from '../components/UploadParts';
import { useFileUpload } from '../components/useFileUpload';
import { ALTERATION_TYPE_LABELS, DOCUMENT_GUIDANCE, DOCUMENTS_TEXTS } from '../texts';

/** One required-document slot: what it is, the evidence it needs, and upload or delete. */
function DocumentSlot({
  caseType,
  caseId,
  slot,
}: {
  caseType: CaseType;
  caseId: string;
  slot: RequiredDocument;
}) {
  const label = documentTypeLabel(slot.documentType);
  const guidance = DOCUMENT_GUIDANCE[slot.documentType];
  const upload = useFileUpload();
  const { inputRef, uploadChosen, uploading, setProblem } = upload;
  const remove = useDeleteDocument();
  const guidanceId = useId();
  const uploaded = slot.documentId != null;
  const busy = uploading || remove.isPending;

  const onFile = (event: ChangeEvent<HTMLInputElement>) =>
    uploadChosen(event, (file) => ({
      caseType,
      caseId: Number(caseId),
      documentType: slot.documentType,
      requiredDocumentId: slot.id,
      file,
    }));

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
    if (!(await downloadWithSession(slot.documentId))) setProblem(DOCUMENTS_TEXTS.viewFailed);
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
              sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
              color={uploaded ? 'success.main' : 'text.secondary'}
            >
              {uploaded && <CheckCircle fontSize="small" aria-hidden="true" />}
              {uploaded ? DOCUMENTS_TEXTS.uploaded : DOCUMENTS_TEXTS.notUploaded}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
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
}: {
  caseType: CaseType;
  title: string;
  caseId: string;
  slots: RequiredDocument[];
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
          <DocumentSlot key={slot.id} caseType={caseType} caseId={caseId} slot={slot} />
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
  return (
    <>
      {groups.map((group) => (
        <DocumentGroup
          key={group.key}
          caseType={caseType}
          title={group.title}
          caseId={caseId}
          slots={group.slots}
        />
      ))}
    </>
  );
}
