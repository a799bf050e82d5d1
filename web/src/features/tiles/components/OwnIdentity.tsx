import { Alert, AlertTitle, Box, Button, Stack, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { isApiError } from '../../../lib/api/errors';
import type { ExpandedCase, Owner } from '../../../lib/api/types';
import { formatDate } from '../../../lib/format';
import { ACCEPTED_FILES } from '../../application';
import { useSubmitIdentity } from '../api/submitIdentity';
import { latestUpload } from '../parties';
import { IDENTITY_TEXTS } from '../texts';
import { ElectronicCheck } from './ElectronicCheck';
import { electronicCheck, IDENTITY_DOCUMENTS } from './identity';
import { IdentitySlot } from './IdentitySlot';
import { useDocumentRows } from './useDocumentRows';

/** Photos (and, for an ID, a scan as PDF): what the server reads from the bytes. */
const SELFIE_FILES = '.jpg,.jpeg,.png,.heic,image/jpeg,image/png,image/heic';

/** Why a submission was refused: the server's words for a 409 (e.g. a photo missing). */
function submitProblem(error: unknown): string {
  if (isApiError(error, 409)) return error.message;
  return IDENTITY_TEXTS.submitFailed;
}

/** The signed-in owner's or buyer's own identity step. */
export function OwnIdentity({ expanded, owner }: { expanded: ExpandedCase; owner: Owner }) {
  const electronic = electronicCheck();
  const submit = useSubmitIdentity();
  const { enqueueSnackbar } = useSnackbar();
  const [failure, setFailure] = useState<unknown>(null);
  const toRow = useDocumentRows(expanded);
  const withName = (doc: { documentId: number; documentType: string } | null) =>
    doc ? { documentId: doc.documentId, fileName: toRow(doc).fileName ?? null } : null;
  const photoId = withName(latestUpload(expanded, IDENTITY_DOCUMENTS.photoId));
  const selfie = withName(latestUpload(expanded, IDENTITY_DOCUMENTS.selfie));

  if (owner.identityVerifiedAt) {
    return (
      <Alert severity="success" data-testid="identity-state" data-state="verified">
        <AlertTitle component="p">
          {IDENTITY_TEXTS.verified(formatDate(owner.identityVerifiedAt))}
        </AlertTitle>
        {IDENTITY_TEXTS.verifiedNote}
      </Alert>
    );
  }
  if (owner.identitySubmittedAt) {
    return (
      <Alert severity="info" data-testid="identity-state" data-state="submitted">
        <AlertTitle component="p">{IDENTITY_TEXTS.waitingTitle}</AlertTitle>
        {(electronic ? IDENTITY_TEXTS.electronicWaiting : IDENTITY_TEXTS.waiting)(
          formatDate(owner.identitySubmittedAt),
        )}
      </Alert>
    );
  }

  const rejection = owner.identityRejectionReason && (
    <Alert severity="warning" data-testid="identity-rejection">
      <AlertTitle component="p">
        {electronic ? IDENTITY_TEXTS.electronicRejectedTitle : IDENTITY_TEXTS.rejectedTitle}
      </AlertTitle>
      <Box component="span" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {owner.identityRejectionReason}
      </Box>
    </Alert>
  );
  const state = owner.identityRejectionReason ? 'rejected' : 'not-submitted';
  if (electronic) {
    return (
      <Stack spacing={3} data-testid="identity-state" data-state={state}>
        {rejection}
        <ElectronicCheck expanded={expanded} />
      </Stack>
    );
  }

  const ready = photoId !== null && selfie !== null;
  const onSubmit = async () => {
    setFailure(null);
    try {
      await submit.mutateAsync({ caseId: expanded.id, caseType: expanded.caseType });
      enqueueSnackbar(IDENTITY_TEXTS.submittedToast, { variant: 'success' });
    } catch (error) {
      setFailure(error);
    }
  };

  return (
    <Stack spacing={3} data-testid="identity-state" data-state={state}>
      {rejection}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        <IdentitySlot
          caseType={expanded.caseType}
          caseId={expanded.id}
          documentType={IDENTITY_DOCUMENTS.photoId}
          label={IDENTITY_TEXTS.photoId}
          hint={IDENTITY_TEXTS.photoIdHint}
          accept={ACCEPTED_FILES}
          current={photoId}
        />
        <IdentitySlot
          caseType={expanded.caseType}
          caseId={expanded.id}
          documentType={IDENTITY_DOCUMENTS.selfie}
          label={IDENTITY_TEXTS.selfie}
          hint={IDENTITY_TEXTS.selfieHint}
          accept={SELFIE_FILES}
          capture="user"
          current={selfie}
        />
      </Box>
      <Stack spacing={1.5}>
        {!ready && <Typography color="text.secondary">{IDENTITY_TEXTS.bothNeeded}</Typography>}
        {failure !== null && (
          <Alert severity="error" role="alert">
            {submitProblem(failure)}
          </Alert>
        )}
        <Box>
          <Button
            variant="contained"
            size="large"
            disabled={!ready || submit.isPending}
            onClick={() => void onSubmit()}
          >
            {submit.isPending ? IDENTITY_TEXTS.submitting : IDENTITY_TEXTS.submit}
          </Button>
        </Box>
      </Stack>
    </Stack>
  );
}
