import CheckCircle from '@mui/icons-material/CheckCircle';
import { Box, CircularProgress, Typography } from '@mui/material';
import { APPLICATION_TEXTS } from '../texts';

/**
 * The saving indicator: 'Saving...' while a write is on its way, then `savedText` ('Saved' unless
 * given). Announced politely to screen readers.
 */
export function SaveStatus({
  saving = false,
  saved = false,
  savedText = APPLICATION_TEXTS.saved,
}: {
  saving?: boolean;
  saved?: boolean;
  savedText?: string;
}) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ minHeight: 24, display: 'flex', alignItems: 'center', gap: 1 }}
    >
      {saving ? (
        <>
          <CircularProgress size={18} aria-hidden="true" />
          <Typography variant="body2">{APPLICATION_TEXTS.saving}</Typography>
        </>
      ) : (
        saved && (
          <>
            <CheckCircle color="success" fontSize="small" aria-hidden="true" />
            <Typography variant="body2">{savedText}</Typography>
          </>
        )
      )}
    </Box>
  );
}
