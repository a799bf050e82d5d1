import { Box, Button, Stack, Typography } from '@mui/material';
import { useEffect } from 'react';
import { ERROR_TEXTS } from '../../../components/GenericError';
import { SupportLink } from '../../../components/SupportLink';
import { reportError } from '../../../lib/errorReporter';

/** Unexpected render error (tracking name unexpected_error). */
export function ErrorPage({
  error,
  reset,
  standalone = true,
}: {
  error: unknown;
  reset: () => void;
  standalone?: boolean;
}) {
  useEffect(() => {
    reportError(error, { page: 'unexpected_error' });
  }, [error]);
  return (
    <Box
      component={standalone ? 'main' : 'div'}
      sx={{ p: { xs: 3, md: 6 }, maxWidth: 720, mx: 'auto' }}
    >
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="h1">{ERROR_TEXTS.title}</Typography>
        <Typography>{ERROR_TEXTS.body}</Typography>
        <Button variant="contained" onClick={reset}>
          Try again
        </Button>
        <Typography>
          If this keeps happening, <SupportLink>contact support</SupportLink>.
        </Typography>
      </Stack>
    </Box>
  );
}
