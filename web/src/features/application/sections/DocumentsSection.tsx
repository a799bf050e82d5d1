import { Box, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import type { CaseType, ExpandedCase, RequiredDocument } from '../../../lib/api/types';
import { CASE_TYPE } from '../../cases';
import { kindOf } from '../caseKind';
import { DOCUMENTS_TEXTS } from '../documentsTexts';
import { documentGroups, outstandingGroups } from './documentGroups';
import { DocumentSlot } from './DocumentSlot';
import { useSlotFiles, type SlotFiles } from './useSlotFiles';

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
