import { Alert, Box, Button, LinearProgress, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { isApiError } from '../../../lib/api/errors';
import type { ExpandedCase } from '../../../lib/api/types';
import { kindOf } from '../../application';
import { caseQuery } from '../../cases';
import { useStartIdentityCheck } from '../api/identityCheck';
import { IDENTITY_TEXTS } from '../texts';

/** How often the case is asked again while the identity provider's result is awaited. */
export const IDENTITY_POLL_MS = 3000;

/**
 * Where the firm's identity provider checks identities: the owner goes to the provider's page
 * and comes back here with ?check=done; the case is asked again until the provider's result
 * shows (verified, or submitted for the firm's review).
 */
export function ElectronicCheck({ expanded }: { expanded: ExpandedCase }) {
  const start = useStartIdentityCheck();
  const [failure, setFailure] = useState<unknown>(null);
  // Set once the provider's page is known: the browser is leaving for it.
  const [leaving, setLeaving] = useState(false);
  const { check } = useSearch({ from: '/protected/$caseType/$caseId/$tile' });
  const returned = check === 'done';
  useQuery({
    ...caseQuery(kindOf(expanded), String(expanded.id)),
    enabled: returned,
    refetchInterval: IDENTITY_POLL_MS,
  });

  const onStart = async () => {
    setFailure(null);
    try {
      const { redirectUrl } = await start.mutateAsync({
        caseId: expanded.id,
        caseType: expanded.caseType,
      });
      setLeaving(true);
      window.location.assign(redirectUrl);
    } catch (error) {
      setFailure(error);
    }
  };

  return (
    <Stack spacing={2}>
      {returned && (
        <Stack spacing={2}>
          <Alert severity="info" role="status">
            {IDENTITY_TEXTS.electronicReturned}
          </Alert>
          <LinearProgress aria-label={IDENTITY_TEXTS.electronicReturned} />
        </Stack>
      )}
      {failure !== null && (
        <Alert severity="error" role="alert">
          {isApiError(failure, 409) ? failure.message : IDENTITY_TEXTS.electronicFailed}
        </Alert>
      )}
      <Box>
        <Button
          variant={returned ? 'outlined' : 'contained'}
          size="large"
          disabled={start.isPending || leaving}
          onClick={() => void onStart()}
        >
          {start.isPending || leaving
            ? IDENTITY_TEXTS.electronicStarting
            : returned
              ? IDENTITY_TEXTS.electronicStartAgain
              : IDENTITY_TEXTS.electronicStart}
        </Button>
      </Box>
    </Stack>
  );
}
