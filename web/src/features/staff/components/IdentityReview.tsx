import { Box, Button, Link, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { formatDate } from '../../../lib/format';
import type { CaseKind } from '../../cases';
import { documentTypeLabel } from '../../../lib/documentLabels';
import { documentUrl } from '../../documents';
import { documentTexts } from '../documentTexts';
import { identityTexts } from '../identityTexts';
import { STAFF_TEXTS } from '../texts';
import type {
  StaffIdentityCheck,
  StaffIdentityEvidence,
  StaffParty,
  StaffTransitionDone,
} from '../types';
import { PreviewButton } from './DocumentPreview';
import { Detail, Details } from './Panel';
import { SendBackDialog } from './SendBackDialog';
import { VerifyIdentityDialog } from './VerifyIdentityDialog';
import { useStepReport } from './useStepReport';

export type IdentityState = 'NOT_SUBMITTED' | 'SUBMITTED' | 'VERIFIED' | 'SENT_BACK';

/**
 * Where an owner's identity stands. Verified wins; a submission waits for the firm; a rejection
 * clears the submission and leaves its reason until they submit again.
 */
export function identityState(party: StaffParty): IdentityState {
  if (party.identityVerifiedAt) return 'VERIFIED';
  if (party.identitySubmittedAt) return 'SUBMITTED';
  if (party.identityRejectionReason) return 'SENT_BACK';
  return 'NOT_SUBMITTED';
}

export function identityLabel(party: StaffParty): string {
  switch (identityState(party)) {
    case 'VERIFIED':
      return identityTexts.verified(formatDate(party.identityVerifiedAt!));
    case 'SUBMITTED':
      return identityTexts.submitted(formatDate(party.identitySubmittedAt!));
    case 'SENT_BACK':
      return identityTexts.sentBack(party.identityRejectionReason!);
    default:
      return STAFF_TEXTS.identityNotSubmitted;
  }
}

function EvidenceLinks({ evidence }: { evidence: StaffIdentityEvidence[] }) {
  if (evidence.length === 0) {
    return <Typography variant="body2">{STAFF_TEXTS.identityNoEvidence}</Typography>;
  }
  // Numbered only where a type was uploaded more than once, so every link says which it opens.
  const counts = new Map<string, number>();
  for (const d of evidence) counts.set(d.documentType, (counts.get(d.documentType) ?? 0) + 1);
  const seen = new Map<string, number>();
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
        {STAFF_TEXTS.identityEvidence}
      </Typography>
      <Box
        component="ul"
        sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 2 }}
      >
        {evidence.map((d) => {
          const n = (seen.get(d.documentType) ?? 0) + 1;
          seen.set(d.documentType, n);
          const numbered = (counts.get(d.documentType) ?? 0) > 1 ? n : null;
          const label = documentTypeLabel(d.documentType);
          return (
            <Box component="li" key={d.documentId} sx={{ display: 'flex', gap: 1 }}>
              <Link href={documentUrl(d.documentId)} download>
                {identityTexts.evidenceLink(label, numbered)}
              </Link>
              <PreviewButton documentId={d.documentId} name={documentTexts.name(label, numbered)} />
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

/**
 * An owner's (or buyer's) identity as the firm checks it: where it stands (with the identity
 * provider's word on their latest check, where the provider checks identities) and, once
 * submitted, the identity documents they uploaded to open and the decision — verify, having
 * ticked what was compared, or send back saying what to do next.
 */
export function IdentityReview({
  kind,
  caseId,
  caseStatus,
  party,
  evidence,
  check,
}: {
  kind: CaseKind;
  caseId: string;
  caseStatus: string;
  party: StaffParty;
  /** This party's own photo IDs and selfies. */
  evidence: StaffIdentityEvidence[];
  check: StaffIdentityCheck | null;
}) {
  const name = party.user.preferredName;
  const state = identityState(party);
  const report = useStepReport(kind, caseId);
  // The dialog last opened (kept mounted while it closes), new each time it opens.
  const [dialog, setDialog] = useState<{ which: 'verify' | 'sendBack'; key: number } | null>(null);
  const [open, setOpen] = useState(false);
  const openDialog = (which: 'verify' | 'sendBack') => {
    setDialog((last) => ({ which, key: (last?.key ?? 0) + 1 }));
    setOpen(true);
  };
  const done = (toast: string) => (step: StaffTransitionDone) => {
    setOpen(false);
    report.done(toast, caseStatus, step.status);
  };

  return (
    <Box
      role="group"
      aria-label={identityTexts.group(name)}
      sx={{ mt: 1.5, pt: 1.5, borderTop: 1, borderColor: 'divider' }}
    >
      <Stack spacing={1.5}>
        <Details>
          <Detail term={STAFF_TEXTS.identity}>{identityLabel(party)}</Detail>
          {check && (
            <Detail term={STAFF_TEXTS.identityCheck}>
              {identityTexts.providerCheck(
                check.provider,
                check.result ?? null,
                formatDate(check.completedAt ?? check.startedAt),
              )}
              {check.dashboardUrl && (
                <>
                  {' · '}
                  <Link href={check.dashboardUrl} target="_blank" rel="noopener noreferrer">
                    {identityTexts.providerPage(check.provider)}
                  </Link>
                </>
              )}
            </Detail>
          )}
          {check && check.reasons.length > 0 && (
            <Detail term={identityTexts.providerReasons(check.provider)}>
              {check.reasons.join('; ')}
            </Detail>
          )}
        </Details>
        {state === 'SUBMITTED' && (
          <>
            <EvidenceLinks evidence={evidence} />
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5 }}>
              <Button variant="contained" onClick={() => openDialog('verify')}>
                {STAFF_TEXTS.verifyIdentity}
              </Button>
              <Button variant="outlined" onClick={() => openDialog('sendBack')}>
                {STAFF_TEXTS.sendBack}
              </Button>
            </Stack>
          </>
        )}
      </Stack>
      {dialog?.which === 'verify' && (
        <VerifyIdentityDialog
          key={dialog.key}
          kind={kind}
          caseId={caseId}
          applicantId={party.id}
          name={name}
          open={open}
          onClose={() => setOpen(false)}
          onDone={done(identityTexts.verifiedToast(name))}
        />
      )}
      {dialog?.which === 'sendBack' && (
        <SendBackDialog
          key={dialog.key}
          kind={kind}
          caseId={caseId}
          applicantId={party.id}
          name={name}
          open={open}
          onClose={() => setOpen(false)}
          onDone={done(identityTexts.sentBackToast(name))}
        />
      )}
    </Box>
  );
}
