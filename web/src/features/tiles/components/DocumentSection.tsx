import { Box, Typography } from '@mui/material';
import { useId } from 'react';
import { DocumentList, type DocumentRow } from '../../documents';

/** A titled list of a case's documents, each with its Download link (or `empty` when none). */
export function DocumentSection({
  heading,
  documents,
  empty,
}: {
  heading: string;
  documents: DocumentRow[];
  empty: string;
}) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {heading}
      </Typography>
      <DocumentList documents={documents} label={heading} empty={empty} />
    </Box>
  );
}
