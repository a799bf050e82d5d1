import { Box, CircularProgress, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';

export function Loading({ label = 'Loading' }: { label?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 240 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}

/**
 * A whole page still loading (before any layout exists): it still has the page's main
 * landmark and a heading, so a screen reader is told where it is and axe finds nothing.
 */
export function PageLoading() {
  return (
    <Box component="main">
      <Typography component="h1" sx={visuallyHidden}>
        Loading
      </Typography>
      <Loading />
    </Box>
  );
}
