import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useState } from 'react';
import type { CurrentPolicies, Me } from '../../../lib/api/types';
import { useAcceptPolicies } from '../api/acceptPolicies';
import { resolvePolicies, useCurrentPolicies } from '../api/getCurrentPolicies';
import { PolicyLinks } from './PolicyLinks';

export const POLICY_TEXTS = {
  title: 'Sorry to interrupt you, but...',
  updated: 'We have updated our terms and conditions and privacy policy.',
  failure: 'Whoops! Something went wrong, please try refreshing the page.',
} as const;

export type PolicyDialogMode = 'none' | 'neverAccepted' | 'changed';

/** Spec section 4: (a) never accepted — a version is null; (b) the current versions differ. */
export function policyDialogMode(
  me: Pick<Me, 'privacyVersion' | 'termsVersion'> | null,
  current: CurrentPolicies | undefined,
): PolicyDialogMode {
  if (!me) return 'none';
  if (me.privacyVersion == null || me.termsVersion == null) return 'neverAccepted';
  if (!current) return 'none';
  const { privacyVersion, termsVersion } = resolvePolicies(current);
  return privacyVersion !== me.privacyVersion || termsVersion !== me.termsVersion
    ? 'changed'
    : 'none';
}

/** The blocking policy dialog: it cannot be dismissed, only agreed to. */
export function PolicyDialog({
  me,
  onAccepted,
}: {
  me: Me | null;
  onAccepted: (versions: { privacyVersion: number; termsVersion: number }) => void;
}) {
  const policies = useCurrentPolicies();
  const accept = useAcceptPolicies();
  const [failed, setFailed] = useState(false);
  const mode = policyDialogMode(me, policies.data);
  if (mode === 'none') return null;

  const onAgree = async () => {
    setFailed(false);
    // Accepting is sent only when both current versions are known.
    if (!policies.data) {
      setFailed(true);
      return;
    }
    const { privacyVersion, termsVersion } = resolvePolicies(policies.data);
    try {
      await accept.mutateAsync({ privacyVersion, termsVersion });
      onAccepted({ privacyVersion, termsVersion });
    } catch {
      setFailed(true);
    }
  };

  return (
    <Dialog
      open
      // Blocking: neither Escape nor the backdrop closes it.
      onClose={() => {}}
      aria-labelledby="policy-dialog-title"
      aria-describedby="policy-dialog-text"
    >
      <DialogTitle id="policy-dialog-title" component="h2">
        {POLICY_TEXTS.title}
      </DialogTitle>
      <DialogContent>
        {mode === 'changed' && (
          <DialogContentText sx={{ mb: 2 }}>{POLICY_TEXTS.updated}</DialogContentText>
        )}
        <DialogContentText id="policy-dialog-text">
          To keep using Threshold, please read and agree to our <PolicyLinks />.
        </DialogContentText>
        {failed && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {POLICY_TEXTS.failure}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 3 }}>
        <Button
          variant="contained"
          onClick={onAgree}
          disabled={accept.isPending || policies.isPending}
          autoFocus
        >
          {accept.isPending ? 'Submitting...' : 'I agree'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
