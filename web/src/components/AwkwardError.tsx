import { Link, Stack, Typography } from '@mui/material';

/** 'Well this is awkward...' with the reason and a link that reloads the page. */
export function AwkwardError({ reason }: { reason: string }) {
  const here =
    typeof window === 'undefined' ? '/' : `${window.location.pathname}${window.location.search}`;
  return (
    <Stack spacing={2} role="alert">
      <Typography variant="h1">Well this is awkward...</Typography>
      <Typography>{reason}</Typography>
      <Typography>
        <Link href={here}>Refresh the page</Link>
      </Typography>
    </Stack>
  );
}
