import { Stack, Typography } from '@mui/material';
import type { ExpandedCase } from '../../../lib/api/types';
import { outstandingGroups, RequiredDocumentGroups } from '../../application';
import type { CaseKind } from '../../cases';
import { IDENTITY_DOCUMENTS } from './identity';
import { DOCUMENTS_TILE_TEXTS } from '../texts';
import { DocumentSection } from './DocumentSection';
import { useDocumentRows } from './useDocumentRows';

const IDENTITY_TYPES: readonly string[] = Object.values(IDENTITY_DOCUMENTS);

/**
 * /{caseType}/{caseId}/documents, the Upload Documents tile (REM-POST-06, BUY-POST-22): the
 * required documents still to upload, by group with their evidence guidance and the Documents
 * section's upload slots (the same `requiredDocuments`: a remortgage's documents, alteration and
 * buy-to-let documents; a purchase's documents, sources of funds, ISAs, statements and buy-to-let
 * documents), then what has been uploaded. Identity evidence belongs to Verify Identity and is
 * not listed here.
 */
export function DocumentsTile({
  kind,
  caseId,
  expanded,
}: {
  kind: CaseKind;
  caseId: string;
  expanded: ExpandedCase;
}) {
  const toRow = useDocumentRows(expanded);
  const uploaded = expanded.documents.documents
    .filter((d) => !IDENTITY_TYPES.includes(d.documentType))
    .map(toRow);
  const nothingOutstanding = outstandingGroups(expanded).length === 0;

  return (
    <Stack spacing={4}>
      {nothingOutstanding ? (
        <Typography data-testid="nothing-outstanding">
          {DOCUMENTS_TILE_TEXTS.nothingOutstanding}
        </Typography>
      ) : (
        <>
          <Typography>{DOCUMENTS_TILE_TEXTS.intro(kind)}</Typography>
          <RequiredDocumentGroups caseId={caseId} expanded={expanded} outstandingOnly />
        </>
      )}
      <DocumentSection
        heading={DOCUMENTS_TILE_TEXTS.uploadedHeading}
        documents={uploaded}
        empty={DOCUMENTS_TILE_TEXTS.noUploads}
      />
    </Stack>
  );
}
