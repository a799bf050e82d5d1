import { Container, Paper } from '@mui/material';
import { MagicLinkForm } from '../../auth/lazy';
import { STAFF_TEXTS } from '../texts';
import { StaffFrame } from './StaffFrame';

/**
 * /staff/login — the back office's door: the customer sign-in form (its validation, 'Submitting...',
 * 'Check your inbox' and error views) asking for a link back to /staff.
 */
export function StaffLoginPage({ redirectTo }: { redirectTo: string }) {
  return (
    <StaffFrame>
      <title>{`${STAFF_TEXTS.title} - Threshold`}</title>
      <Container maxWidth="sm" disableGutters sx={{ py: { xs: 0, sm: 4 } }}>
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 } }}>
          <MagicLinkForm
            title={STAFF_TEXTS.title}
            intro={STAFF_TEXTS.loginIntro}
            submitLabel={STAFF_TEXTS.loginButton}
            redirectTo={redirectTo}
            failure={STAFF_TEXTS.loginFailure}
          />
        </Paper>
      </Container>
    </StaffFrame>
  );
}
