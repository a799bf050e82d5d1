import { Alert, Box, Link, List, ListItem, Stack, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { formatDate } from '../../../lib/format';
import { documentUrl, downloadWithSession } from '../download';
import { documentTypeLabel } from '../../../lib/documentLabels';
import { DOCUMENTS_TEXTS } from '../texts';

/** One row of a document list; the name and date are unknown for a broker's view of a case. */
export interface DocumentRow {
  documentId: number;
  documentType: string;
  fileName?: string;
  createdAt?: string;
}

/**
 * A list of documents: the type in words, file name, date and a Download link, and `actions`
 * after it where the reader may do more with a document (a donor deleting their own).
 */
export function DocumentList({
  documents,
  label,
  empty,
  actions,
}: {
  documents: DocumentRow[];
  label: string;
  empty: string;
  actions?: (doc: DocumentRow) => ReactNode;
}) {
  const [failed, setFailed] = useState(false);
  if (documents.length === 0) {
    return <Typography color="text.secondary">{empty}</Typography>;
  }
  const download = (doc: DocumentRow) => {
    setFailed(false);
    downloadWithSession(doc.documentId, doc.fileName).then(
      (ok) => setFailed(!ok),
      () => setFailed(true),
    );
  };
  return (
    <Stack spacing={1}>
      {failed && (
        <Alert severity="error" role="alert">
          {DOCUMENTS_TEXTS.downloadFailed}
        </Alert>
      )}
      <List aria-label={label} disablePadding>
        {documents.map((doc) => {
          const type = documentTypeLabel(doc.documentType);
          const details = [doc.fileName, doc.createdAt && formatDate(doc.createdAt)].filter(
            Boolean,
          );
          return (
            <ListItem
              key={doc.documentId}
              divider
              disableGutters
              data-document={doc.documentId}
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                gap: 1,
                justifyContent: 'space-between',
                alignItems: 'center',
              }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>{type}</Typography>
                {details.length > 0 && (
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    sx={{ overflowWrap: 'anywhere' }}
                  >
                    {details.join(' · ')}
                  </Typography>
                )}
              </Box>
              <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexShrink: 0 }}>
                <Link
                  href={documentUrl(doc.documentId)}
                  download={doc.fileName ?? ''}
                  onClick={(event) => {
                    // The link stays a real link (open in a new tab, copy); a plain click checks the
                    // session first.
                    event.preventDefault();
                    download(doc);
                  }}
                  aria-label={`${DOCUMENTS_TEXTS.download} ${type}${doc.fileName ? ` (${doc.fileName})` : ''}`}
                >
                  {DOCUMENTS_TEXTS.download}
                </Link>
                {actions?.(doc)}
              </Box>
            </ListItem>
          );
        })}
      </List>
    </Stack>
  );
}
