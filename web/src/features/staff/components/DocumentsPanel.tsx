import { Box, Link, List, ListItem, Typography } from '@mui/material';
import { formatDateTime } from '../../../lib/format';
import type { ExpandedCase } from '../../../lib/api/types';
import { documentTypeLabel } from '../../../lib/documentLabels';
import type { CaseKind } from '../../cases';
import { documentUrl } from '../../documents';
import { documentTexts, UPLOADER_LABELS } from '../documentTexts';
import { STAFF_TEXTS } from '../texts';
import type { StaffUpload } from '../types';
import { PreviewButton } from './DocumentPreview';
import { Panel } from './Panel';
import { DeleteDocumentButton, numberOf, useDocumentRemoval } from './RemoveDocumentDialog';

function DocumentLink({ id, type }: { id: number; type: string }) {
  return (
    <Link href={documentUrl(id)} download aria-label={`Download ${type}`} sx={{ flexShrink: 0 }}>
      Download
    </Link>
  );
}

/** Who uploaded a file, as whom, and when; null for a file the case view does not list. */
function uploadedBy(upload: StaffUpload | undefined): string | null {
  if (!upload) return null;
  const side = UPLOADER_LABELS[upload.uploadedAs] ?? upload.uploadedAs;
  return documentTexts.uploadedBy(
    upload.uploadedByName ?? null,
    side,
    formatDateTime(upload.uploadedAt),
  );
}

/**
 * What the customers, their broker and the firm uploaded, each with who uploaded it, as whom
 * and when (`uploads`). What the firm makes is in 'Documents we issue' (IssuedDocumentsPanel).
 * `removable`: the case is open, so the firm may delete any of them (a reason and a fresh code).
 */
export function DocumentsPanel({
  kind,
  caseId,
  expanded,
  uploads,
  removable,
}: {
  kind: CaseKind;
  caseId: string;
  expanded: ExpandedCase;
  uploads: StaffUpload[];
  removable: boolean;
}) {
  const { documents } = expanded.documents;
  const removal = useDocumentRemoval(kind, caseId);
  return (
    <Panel title={STAFF_TEXTS.uploadedDocuments}>
      {documents.length === 0 ? (
        <Typography>None yet.</Typography>
      ) : (
        <List disablePadding aria-label={STAFF_TEXTS.uploadedDocuments}>
          {documents.map((d) => {
            const type = documentTypeLabel(d.documentType);
            const name = documentTexts.name(type, numberOf(documents, d));
            const by = uploadedBy(uploads.find((u) => u.documentId === d.documentId));
            return (
              <ListItem
                key={d.documentId}
                disableGutters
                data-document={d.documentId}
                sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 1 }}
              >
                <Box sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                  <Typography>{type}</Typography>
                  {by && (
                    <Typography variant="body2" color="text.secondary" data-testid="uploaded-by">
                      {by}
                    </Typography>
                  )}
                </Box>
                <PreviewButton documentId={d.documentId} name={name} />
                <DocumentLink id={d.documentId} type={type} />
                {removable && (
                  <DeleteDocumentButton
                    name={name}
                    onClick={() => removal.ask({ documentId: d.documentId, name })}
                  />
                )}
              </ListItem>
            );
          })}
        </List>
      )}
      {removal.dialog}
    </Panel>
  );
}
