import { Alert, Checkbox, FormControlLabel, LinearProgress, Link, Typography } from '@mui/material';
import type { WorkStartWording } from '../api/workStart';
import { DEPOSIT_TEXTS } from '../texts';

/** The model cancellation form, a static page like the terms of service. */
export const CANCELLATION_FORM_URL = '/legal/cancellation-form.html';

/**
 * The buyer's express request to start work within the 14-day cancellation period (Consumer
 * Contracts Regulations 2013, reg. 36), in the server's words: ticked before paying, because the
 * firm starts work (the searches, the identity checks) once the payment is in. The server records
 * who ticked it, when, and the wording's version.
 */
export function WorkStartConsent({
  wording,
  failed,
  checked,
  onChange,
}: {
  wording: WorkStartWording | undefined;
  failed: boolean;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  if (failed) return <Alert severity="warning">{DEPOSIT_TEXTS.wordingFailed}</Alert>;
  if (!wording) return <LinearProgress aria-label={DEPOSIT_TEXTS.wordingLoading} />;
  return (
    <>
      <FormControlLabel
        sx={{ alignItems: 'flex-start', maxWidth: 640 }}
        control={
          <Checkbox
            checked={checked}
            onChange={(e) => onChange(e.target.checked)}
            sx={{ mt: -0.75 }}
          />
        }
        label={wording.text}
        data-testid="work-start-request"
      />
      <Typography variant="body2" color="text.secondary">
        {DEPOSIT_TEXTS.tickToPay}
      </Typography>
    </>
  );
}

/** Where the model cancellation form is (Schedule 3, Part B, of the Regulations). */
export function CancellationNote() {
  return (
    <Typography variant="body2" color="text.secondary" data-testid="cancellation-note">
      {DEPOSIT_TEXTS.cancelNote}{' '}
      <Link href={CANCELLATION_FORM_URL} target="_blank" rel="noopener">
        {DEPOSIT_TEXTS.cancellationForm}
      </Link>
      .
    </Typography>
  );
}
