import Download from '@mui/icons-material/Download';
import { Alert, Button, Stack } from '@mui/material';
import { useState } from 'react';
import { documentUrl, downloadWithSession } from '../../documents';
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
