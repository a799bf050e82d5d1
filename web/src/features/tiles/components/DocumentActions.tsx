import Download from '@mui/icons-material/Download';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { documentUrl, downloadWithSession } from '../../documents';
import { fetchDocumentBlob } from '../api/documentBlob';
import { ACCEPT_TEXTS } from '../texts';

/**
 * 'Download': a real link to GET /document/{documentId} (open in a new tab, copy), whose plain
 * click checks the session first so a lapsed one never shows the API's 401.
 */
export function DownloadButton({
  documentId,
  title,
  variant = 'outlined',
}: {
  documentId: number;
  title: string;
  variant?: 'outlined' | 'contained';
}) {
  const [failed, setFailed] = useState(false);
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant={variant}
        href={documentUrl(documentId)}
        startIcon={<Download aria-hidden="true" />}
        aria-label={`${ACCEPT_TEXTS.download} ${title}`}
        onClick={(event) => {
          event.preventDefault();
          setFailed(false);
          downloadWithSession(documentId).then(
            (ok) => setFailed(!ok),
            () => setFailed(true),
          );
        }}
      >
        {ACCEPT_TEXTS.download}
      </Button>
      {failed && (
        <Alert severity="error" role="alert">
          {ACCEPT_TEXTS.downloadFailed}
        </Alert>
      )}
    </Stack>
  );
}

type Shown = { status: 'loading' } | { status: 'ready'; url: string } | { status: 'failed' };

/**
 * The PDF shown in the page: fetched as a blob (the download answers as an attachment, which a
 * frame would save instead of showing) and framed from an object URL, released on leaving.
 * Mount it with `key={documentId}`.
 */
export function PdfFrame({ documentId, title }: { documentId: number; title: string }) {
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
        {ACCEPT_TEXTS.viewerFailed}
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
        <Typography>{ACCEPT_TEXTS.viewerLoading}</Typography>
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
        height: { xs: '70vh', md: '80vh' },
        minHeight: 480,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
      }}
    />
  );
}
