import { Box, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import type { RemortgagingExpanded } from '../../../lib/api/types';
import { outstandingGroups, RequiredDocumentGroups } from '../../application';
import { useSession } from '../../auth';
import { DocumentList, useMyDocuments, type DocumentRow } from '../../documents';
import { IDENTITY_DOCUMENTS } from './IdentificationTile';
import { DOCUMENTS_TILE_TEXTS } from '../texts';

const IDENTITY_TYPES: readonly string[] = Object.values(IDENTITY_DOCUMENTS);

/**
 * /remortgaging/{caseId}/documents, the Upload Documents tile (REM-POST-06): the required
 * documents still to upload, by group with their evidence guidance and the Documents section's
 * upload slots (the same `requiredDocuments`), then what has been uploaded. Identity evidence
 * belongs to Verify Identity and is not listed here.
 */
export function DocumentsTile({
  caseId,
  expanded,
}: {
  caseId: string;
  expanded: RemortgagingExpanded;
}) {
  const uploadedId = useId();
  // File names and dates come with the customer's own list (brokers see types only).
  const { isBroker } = useSession();
  const mine = useMyDocuments(!isBroker);
  const details = new Map<number, DocumentRow>();
  for (const c of mine.data?.cases ?? []) {
    if (c.caseType !== 'REMORTGAGING' || c.caseId !== expanded.id) continue;
    for (const d of c.documents) {
      details.set(d.documentId, {
        documentId: d.documentId,
        documentType: d.documentType,
        fileName: d.fileName,
        createdAt: d.createdAt,
      });
    }
  }
  const uploaded: DocumentRow[] = expanded.documents.documents
    .filter((d) => !IDENTITY_TYPES.includes(d.documentType))
    .map(
      (d) =>
        details.get(d.documentId) ?? { documentId: d.documentId, documentType: d.documentType },
    );
  const nothingOutstanding = outstandingGroups(expanded).length === 0;

  return (
    <Stack spacing={4}>
      {nothingOutstanding ? (
        <Typography data-testid="nothing-outstanding">
          {DOCUMENTS_TILE_TEXTS.nothingOutstanding}
        </Typography>
      ) : (
        <>
          <Typography>{DOCUMENTS_TILE_TEXTS.intro}</Typography>
          <RequiredDocumentGroups caseId={caseId} expanded={expanded} outstandingOnly />
        </>
      )}
      <Box component="section" aria-labelledby={uploadedId}>
        <Typography id={uploadedId} variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
          {DOCUMENTS_TILE_TEXTS.uploadedHeading}
        </Typography>
        <DocumentList
          documents={uploaded}
          label={DOCUMENTS_TILE_TEXTS.uploadedHeading}
          empty={DOCUMENTS_TILE_TEXTS.noUploads}
        />
      </Box>
    </Stack>
  );
}
