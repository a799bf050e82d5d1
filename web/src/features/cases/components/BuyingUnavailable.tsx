import { Alert, Stack, Typography } from '@mui/material';
import { PageHeading } from '../../../components/PageHeading';
import { RouterLink } from '../../../components/RouterLink';

/** Thrown by the /buying route family's guard when the user lacks the BUYING feature. */
export class BuyingUnavailableError extends Error {
  constructor() {
    super('Buying is not enabled for this account');
    this.name = 'BuyingUnavailableError';
  }
}

export const BUYING_UNAVAILABLE_TEXT =
  'Buying a home is not enabled for your account, so there are no purchases to show here.';

/**
 * What /buying, /buying/start and every other buying page show to a user without the BUYING
 * feature (issue 15): a reason, not a silent redirect to /remortgaging that looked like a broken
 * link. No buying data is loaded: the guard stops before any child route runs.
 */
export function BuyingUnavailable() {
  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <PageHeading>Buying is not available</PageHeading>
      <Alert severity="info">{BUYING_UNAVAILABLE_TEXT}</Alert>
      <Typography>
        If you are buying a home through a broker, ask them to invite you to your purchase. Your
        remortgages are still here for you.
      </Typography>
      <Typography>
        <RouterLink to="/$caseType" params={{ caseType: 'remortgaging' }}>
          Go to your remortgaging cases
        </RouterLink>
      </Typography>
    </Stack>
  );
}
