import { Alert, Button, CircularProgress, Stack } from '@mui/material';
import type { CaseRef } from '../../../lib/api/types';
import { useCreateQuotePdf } from '../api/createQuotePdf';
import { startDownload } from '../download';
import { QUOTE_PDF_TEXTS } from '../texts';

/**
 * 'Download quote PDF' (issue 11): makes the case's quote PDF (POST /quote/create-pdf, or the one
 * made before for the same quote) and downloads it; a spinner while it works, a message if not.
 */
export function QuotePdfButton({ caseRef }: { caseRef: CaseRef }) {
  const create = useCreateQuotePdf();
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="outlined"
        disabled={create.isPending}
        aria-busy={create.isPending}
        startIcon={
          create.isPending ? (
            <CircularProgress size={16} color="inherit" aria-label={QUOTE_PDF_TEXTS.working} />
          ) : undefined
        }
        onClick={() =>
          create.mutate(caseRef, {
            onSuccess: (doc) => startDownload(doc.documentId, doc.fileName),
          })
        }
      >
        {QUOTE_PDF_TEXTS.button}
      </Button>
      {create.isError && (
        <Alert severity="error" role="alert">
          {QUOTE_PDF_TEXTS.failed}
        </Alert>
      )}
    </Stack>
  );
}
