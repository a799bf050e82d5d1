import { Alert, Box, Button, Paper, Stack } from '@mui/material';
import { PageHeading } from '../../../components/PageHeading';
import { STAFF_TEXTS } from '../texts';

/** The recovery codes, shown once right after enrolment. */
export function RecoveryCodes({ codes, onContinue }: { codes: string[]; onContinue: () => void }) {
  return (
    <Stack spacing={3} sx={{ maxWidth: 560 }}>
      <PageHeading>{STAFF_TEXTS.recoveryHeading}</PageHeading>
      <Alert severity="warning" sx={{ mt: -1 }}>
        {STAFF_TEXTS.recoveryIntro}
      </Alert>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Box
          component="ul"
          aria-label="Recovery codes"
          sx={{
            m: 0,
            pl: 3,
            columns: { xs: 1, sm: 2 },
            fontFamily: 'monospace',
            fontSize: '1.05rem',
            '& li': { py: 0.5 },
          }}
        >
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </Box>
      </Paper>
      <Box>
        <Button variant="contained" size="large" onClick={onContinue}>
          {STAFF_TEXTS.continue}
        </Button>
      </Box>
    </Stack>
  );
}
