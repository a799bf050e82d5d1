import { Link, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** 'Check your inbox' with the lower-cased address the link went to. */
export function CheckInbox({
  email,
  onTryAgain,
  children,
}: {
  email: string;
  onTryAgain: () => void;
  children?: ReactNode;
}) {
  return (
    <Stack spacing={2} aria-live="polite">
      <Typography variant="h1">Check your inbox</Typography>
      <Typography>
        We have sent a link to <strong>{email}</strong>. Open it on this device to continue.
      </Typography>
      <Typography>
        Not arrived?{' '}
        <Link
          href="#"
          onClick={(e) => {
            e.preventDefault();
            onTryAgain();
          }}
        >
          Try again
        </Link>
      </Typography>
      {children}
    </Stack>
  );
}
