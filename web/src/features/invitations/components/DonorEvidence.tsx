import UploadFile from '@mui/icons-material/UploadFile';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useId, type ChangeEvent } from 'react';
import type { DocumentBody } from '../../../lib/api/types';
import {
  APPLICATION_TEXTS,
  DOCUMENT_GUIDANCE,
  DOCUMENTS_TEXTS,
  UploadParts,
  useDeleteDocument,
  useFileUpload,
} from '../../application';
import { DocumentList, type DocumentRow } from '../../documents';
import { DONOR_PAGE_TEXTS as T } from '../texts';

/** The only document a donor may upload (the server refuses any other type with 422). */
const GIFT_STATEMENT = 'GIFT_STATEMENT';

/**
 * A donor's evidence of their gift, once they confirmed it: their gift statements (uploaded with
 * POST /document as GIFT_STATEMENT, which also fills the buyers' GIFT_STATEMENT slot), each
 * with Download and Delete (DELETE /document/{documentId}). Every successful call refetches
 * every query (lib/queryClient), the donor's gift and its `documents` with them.
 */
export function DonorEvidence({
  caseId,
  documents,
}: {
  caseId: string;
  documents: DocumentBody[];
}) {
  const upload = useFileUpload();
  const { inputRef, uploadChosen, uploading, setProblem } = upload;
  const remove = useDeleteDocument();
  const headingId = useId();
  const guidanceId = useId();
  const busy = uploading || remove.isPending;

  const onFile = (event: ChangeEvent<HTMLInputElement>) =>
    uploadChosen(event, (file) => ({
      caseType: 'BUYING',
      caseId: Number(caseId),
      documentType: GIFT_STATEMENT,
      file,
    }));

  const onDelete = async (doc: DocumentRow) => {
    setProblem(null);
    try {
      await remove.mutateAsync(doc.documentId);
    } catch {
      setProblem(DOCUMENTS_TEXTS.deleteFailed);
    }
  };

  return (
    <Stack component="section" aria-labelledby={headingId} spacing={2} sx={{ minWidth: 0 }}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem' }}>
        {T.evidenceHeading}
      </Typography>
      <Typography>{T.evidenceIntro}</Typography>
      <Typography id={guidanceId} variant="body2" data-testid="document-guidance">
        {DOCUMENT_GUIDANCE[GIFT_STATEMENT]}
      </Typography>
      <DocumentList
        documents={documents}
        label={T.evidenceList}
        empty={T.noEvidence}
        actions={(doc) => (
          <Button
            variant="outlined"
            color="error"
            size="small"
            aria-label={`${APPLICATION_TEXTS.delete} ${doc.fileName ?? T.evidenceFile}`}
            disabled={busy}
            onClick={() => void onDelete(doc)}
          >
            {APPLICATION_TEXTS.delete}
          </Button>
        )}
      />
      <Box>
        <Button
          variant="contained"
          startIcon={<UploadFile aria-hidden="true" />}
          aria-describedby={guidanceId}
          disabled={busy}
          onClick={() => inputRef.current?.click()}
        >
          {T.upload}
        </Button>
      </Box>
      <UploadParts
        upload={upload}
        inputLabel={`${T.upload} file`}
        progressLabel={`${DOCUMENTS_TEXTS.uploading} ${T.evidenceFile}`}
        onFile={(event) => void onFile(event)}
      />
    </Stack>
  );
}
