import { Box, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import { DOCUMENTS_TEXTS } from '../texts';
import { DocumentList, type DocumentRow } from './DocumentList';

/** A case's uploaded and generated documents, each group under its own heading. */
export function CaseDocumentGroups({
  uploaded,
  generated,
  level = 2,
}: {
  uploaded: DocumentRow[];
  generated: DocumentRow[];
  level?: 2 | 3;
}) {
  const uploadedId = useId();
  const generatedId = useId();
  const heading = level === 2 ? 'h2' : 'h3';
  const headingSx = { fontSize: level === 2 ? '1.25rem' : '1.05rem', mb: 1 } as const;
  return (
    <Stack spacing={2}>
      <Box component="section" aria-labelledby={generatedId}>
        <Typography id={generatedId} variant={heading} sx={headingSx}>
          {DOCUMENTS_TEXTS.generated}
        </Typography>
        <DocumentList
          documents={generated}
          label={DOCUMENTS_TEXTS.generated}
          empty={DOCUMENTS_TEXTS.noGenerated}
        />
      </Box>
      <Box component="section" aria-labelledby={uploadedId}>
        <Typography id={uploadedId} variant={heading} sx={headingSx}>
          {DOCUMENTS_TEXTS.uploaded}
        </Typography>
        <DocumentList
          documents={uploaded}
          label={DOCUMENTS_TEXTS.uploaded}
          empty={DOCUMENTS_TEXTS.noUploaded}
        />
      </Box>
    </Stack>
  );
}
