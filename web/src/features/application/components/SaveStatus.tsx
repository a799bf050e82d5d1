import CheckCircle from '@mui/icons-material/CheckCircle';
import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
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

/** A form's submit button with the saving indicator beside it (below it on a phone). */
export function SaveRow({
  label,
  saving,
  saved,
}: {
  label: string;
  saving: boolean;
  saved: boolean;
}) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { sm: 'center' } }}
    >
      <Button type="submit" variant="contained" disabled={saving}>
        {label}
      </Button>
      <SaveStatus saving={saving} saved={saved} />
    </Stack>
  );
}
