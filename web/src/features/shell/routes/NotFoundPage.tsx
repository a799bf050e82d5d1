import { Box, Stack, Typography } from '@mui/material';
import { RouterLink } from '../../../components/RouterLink';
import { SupportLink } from '../../../components/SupportLink';

export const NOT_FOUND_TEXT = "Oh dear, it looks like the page you're looking for doesn't exist.";

/**
 * 404 (tracking name not_found). `home`: where 'Go to the home page' leads (the back office's
 * own 404 keeps its staff inside it).
 */
export function NotFoundPage({
  standalone = true,
  home = '/',
}: {
  standalone?: boolean;
  home?: '/' | '/staff';
}) {
  return (
    <Box
      component={standalone ? 'main' : 'div'}
      sx={{ p: { xs: 3, md: 6 }, maxWidth: 720, mx: 'auto' }}
    >
      <title>Not found - Threshold</title>
      <Stack spacing={2}>
        <Typography variant="h1">Not found</Typography>
        <Typography>{NOT_FOUND_TEXT}</Typography>
        <Typography>
          <RouterLink to={home}>Go to the home page</RouterLink>
        </Typography>
        <Typography>
          Need help? <SupportLink>Contact support</SupportLink>
        </Typography>
      </Stack>
    </Box>
  );
}
