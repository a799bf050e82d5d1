import CheckCircle from '@mui/icons-material/CheckCircle';
import PhotoCamera from '@mui/icons-material/PhotoCamera';
import UploadFile from '@mui/icons-material/UploadFile';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useSnackbar } from 'notistack';
import { useId, useState, type ChangeEvent } from 'react';
import { isApiError } from '../../../lib/api/errors';
import type { CaseType, ExpandedCase, Owner } from '../../../lib/api/types';
import { runtimeConfig } from '../../../lib/config';
import { formatDate } from '../../../lib/format';
import { ACCEPTED_FILES, UploadParts, useFileUpload, kindOf } from '../../application';
import { useSession } from '../../auth';
import { caseQuery } from '../../cases';
import { useStartIdentityCheck } from '../api/identityCheck';
import { useSubmitIdentity } from '../api/submitIdentity';
import {
  latestIssued,
  latestUpload,
  otherParties,
  ownParty,
  partiesOf,
  partyName,
  partyWordsOf,
} from '../parties';
import { IDENTITY_TEXTS, ISSUED_DOCUMENTS, PARTIES_TEXTS, type PartyWords } from '../texts';
import { IssuedDocument } from './IssuedDocumentTile';
import { useDocumentRows } from './useDocumentRows';

/** The server's types for identity evidence (only the uploader and the firm can see them). */
export const IDENTITY_DOCUMENTS = { photoId: 'PHOTO_ID', selfie: 'SELFIE' } as const;

/** How often the case is asked again while the identity provider's result is awaited. */
export const IDENTITY_POLL_MS = 3000;

/** The firm's identity provider checks identities (not the firm's review of uploads). */
const electronicCheck = () => runtimeConfig().identityProvider !== 'MANUAL';

/** Photos (and, for an ID, a scan as PDF): what the server reads from the bytes. */
const SELFIE_FILES = '.jpg,.jpeg,.png,.heic,image/jpeg,image/png,image/heic';

interface SlotProps {
  caseType: CaseType;
  caseId: number;
  documentType: string;
  label: string;
  hint: string;
  accept: string;
  /** A selfie is taken now: on a phone the picker offers the front camera. */
  capture?: 'user';
  /** The latest upload of this type and its file name when known. */
  current: { documentId: number; fileName: string | null } | null;
}

/** One upload slot: what to photograph, the current file, and Upload with progress. */
function IdentitySlot({
  caseType,
  caseId,
  documentType,
  label,
  hint,
  accept,
  capture,
  current,
}: SlotProps) {
  const upload = useFileUpload();
  const { inputRef, uploadChosen, uploading } = upload;
  const [justUploaded, setJustUploaded] = useState<string | null>(null);
  const hintId = useId();
  const fileName = current?.fileName ?? justUploaded;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    let chosen = '';
    const stored = await uploadChosen(event, (file) => {
      chosen = file.name;
      return { caseType, caseId, documentType, file };
    });
    if (stored) setJustUploaded(stored.fileName || chosen);
  };

  return (
    <Box
      component="li"
      data-document-type={documentType}
      data-uploaded={current !== null}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}
    >
      <Stack spacing={1}>
        <Typography component="h2" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Typography id={hintId} variant="body2">
          {hint}
        </Typography>
        <Typography
          variant="body2"
          data-testid="identity-slot-state"
          sx={{ display: 'flex', alignItems: 'center', gap: 0.5, overflowWrap: 'anywhere' }}
          color={current ? 'success.main' : 'text.secondary'}
        >
          {current && <CheckCircle fontSize="small" aria-hidden="true" />}
          {current
            ? fileName
              ? `${IDENTITY_TEXTS.uploaded}: ${fileName}`
              : IDENTITY_TEXTS.uploaded
            : IDENTITY_TEXTS.notUploaded}
        </Typography>
        <Box>
          <Button
            variant={current ? 'outlined' : 'contained'}
            startIcon={
              capture ? <PhotoCamera aria-hidden="true" /> : <UploadFile aria-hidden="true" />
            }
            aria-label={`${current ? IDENTITY_TEXTS.uploadAgain : IDENTITY_TEXTS.upload} ${label}`}
            aria-describedby={hintId}
            onClick={() => inputRef.current?.click()}
            disabled={uploading}
          >
            {current ? IDENTITY_TEXTS.uploadAgain : IDENTITY_TEXTS.upload}
          </Button>
        </Box>
        <UploadParts
          upload={upload}
          accept={accept}
          capture={capture}
          inputLabel={`${IDENTITY_TEXTS.upload} ${label} file`}
          progressLabel={`${IDENTITY_TEXTS.uploading} ${label}`}
          progressText={(percent) => `${IDENTITY_TEXTS.uploading} ${percent}%`}
          onFile={(event) => void onFile(event)}
        />
      </Stack>
    </Box>
  );
}

/** Where another owner or buyer is: verified, sent and being checked, or not sent yet. */
function progressOf(owner: Owner): string {
  if (owner.identityVerifiedAt) return IDENTITY_TEXTS.otherVerified;
  if (owner.identitySubmittedAt) return IDENTITY_TEXTS.otherChecking;
  return IDENTITY_TEXTS.otherWaiting;
}

function PartiesProgress({
  parties,
  words,
  heading,
}: {
  parties: Owner[];
  words: PartyWords;
  heading: string;
}) {
  const headingId = useId();
  if (parties.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {heading}
      </Typography>
      <List aria-labelledby={headingId} disablePadding>
        {parties.map((party) => (
          <ListItem
            key={party.id}
            divider
            disableGutters
            data-verified={!!party.identityVerifiedAt}
          >
            <ListItemText primary={partyName(party, words)} secondary={progressOf(party)} />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

/** Why a submission was refused: the server's words for a 409 (e.g. a photo missing). */
function submitProblem(error: unknown): string {
  if (isApiError(error, 409)) return error.message;
  return IDENTITY_TEXTS.submitFailed;
}

/**
 * Where the firm's identity provider checks identities: the owner goes to the provider's page
 * and comes back here with ?check=done; the case is asked again until the provider's result
 * shows (verified, or submitted for the firm's review).
 */
function ElectronicCheck({ expanded }: { expanded: ExpandedCase }) {
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

/** The signed-in owner's or buyer's own identity step. */
function OwnIdentity({ expanded, owner }: { expanded: ExpandedCase; owner: Owner }) {
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

/**
 * A remortgage's client care letter (issue 29), read and accepted here while identities are
 * checked: the firm issues it at this stage, and the case moves on once every owner has
 * accepted it. A purchase has its own Client Care Letter tile, so nothing shows there; nor
 * before the letter is issued.
 */
function ClientCareLetter({ expanded }: { expanded: ExpandedCase }) {
  const headingId = useId();
  const tiles = expanded.view.tiles;
  const ownTile = tiles.some((t) => t.key === 'client-care-letter');
  if (ownTile || !latestIssued(expanded, 'CLIENT_CARE_LETTER')) return null;
  return (
    <Stack component="section" spacing={2} aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem' }}>
        {ISSUED_DOCUMENTS.CLIENT_CARE_LETTER.title}
      </Typography>
      <IssuedDocument
        expanded={expanded}
        documentType="CLIENT_CARE_LETTER"
        tileState={tiles.find((t) => t.key === 'identification')?.state}
      />
    </Stack>
  );
}

/**
 * /{caseType}/{caseId}/identification (Verify Identity, REM-POST-07, REM-POST-16, BUY-POST-13/14):
 * the signed-in owner or buyer uploads a photo of their passport or driving licence (PHOTO_ID)
 * and a selfie (SELFIE), then submits them for checking (POST /identity). Then they wait for the
 * firm, who verifies them ('Verified on …') or sends them back with a reason, shown prominently,
 * to upload and submit again. Where the firm's identity provider checks identities (runtime
 * config `identityProvider`), the owner takes its hosted check instead (ElectronicCheck). The
 * others' progress is listed by name only.
 */
export function IdentificationTile({ expanded }: { expanded: ExpandedCase }) {
  const { me } = useSession();
  const parties = partiesOf(expanded);
  const words = partyWordsOf(expanded);
  const own = ownParty(parties, me);
  return (
    <Stack spacing={4}>
      <Typography>
        {!own
          ? IDENTITY_TEXTS.notAParty(words)
          : electronicCheck()
            ? IDENTITY_TEXTS.electronicIntro
            : IDENTITY_TEXTS.intro}
      </Typography>
      {own && <OwnIdentity expanded={expanded} owner={own} />}
      <ClientCareLetter expanded={expanded} />
      <PartiesProgress
        parties={otherParties(parties, own)}
        words={words}
        heading={own ? PARTIES_TEXTS.othersHeading(words) : PARTIES_TEXTS.partiesHeading(words)}
      />
    </Stack>
  );
}
