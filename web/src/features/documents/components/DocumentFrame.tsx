import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { fetchDocumentBlob } from '../api/documentBlob';
import { DOCUMENTS_TEXTS } from '../texts';

type Shown = { status: 'loading' } | { status: 'ready'; url: string } | { status: 'failed' };

/**
 * A document shown in the page (a PDF, or a photo): fetched as a blob (the download answers as
 * an attachment, which a frame would save instead of showing) and framed from an object URL,
 * released on leaving. Mount it with `key={documentId}`. `fill`: as tall as its container (a
 * dialog's), instead of most of the window.
 */
export function DocumentFrame({
  documentId,
  title,
  fill = false,
}: {
  documentId: number;
  title: string;
  fill?: boolean;
}) {
  const [shown, setShown] = useState<Shown>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    fetchDocumentBlob(documentId, controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setShown({ status: 'ready', url });
      },
      () => {
        if (!controller.signal.aborted) setShown({ status: 'failed' });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [documentId]);

  if (shown.status === 'failed') {
    return (
      <Alert severity="warning" role="alert">
        {DOCUMENTS_TEXTS.viewerFailed}
      </Alert>
    );
  }
  if (shown.status === 'loading') {
    return (
      <Box
        role="status"
        sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minHeight: 120 }}
        aria-live="polite"
      >
        <CircularProgress size={24} aria-hidden="true" />
        <Typography>{DOCUMENTS_TEXTS.viewerLoading}</Typography>
      </Box>
    );
  }
  return (
    <Box
      component="iframe"
      title={title}
      src={shown.url}
      data-testid="document-frame"
      sx={{
        width: '100%',
        height: fill ? '100%' : { xs: '70vh', md: '80vh' },
        minHeight: fill ? 0 : 480,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
      }}
    />
  );
}
