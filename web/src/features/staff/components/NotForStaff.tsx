import { Stack, Typography } from '@mui/material';
import { RouterLink } from '../../../components/RouterLink';
import { STAFF_TEXTS } from '../texts';

/** A customer or broker opening /staff/*: the area is not theirs; their own cases are at /. */
export function NotForStaff() {
  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <title>{`${STAFF_TEXTS.notStaffHeading} - Threshold`}</title>
      <Typography variant="h1">{STAFF_TEXTS.notStaffHeading}</Typography>
      <Typography>{STAFF_TEXTS.notStaff}</Typography>
      <Typography>
        <RouterLink to="/">{STAFF_TEXTS.notStaffLink}</RouterLink>
      </Typography>
    </Stack>
  );
}
