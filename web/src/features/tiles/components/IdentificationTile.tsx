import { Box, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import type { ExpandedCase, Owner } from '../../../lib/api/types';
import { useSession } from '../../auth';
import {
  latestIssued,
  otherParties,
  ownParty,
  partiesOf,
  partyName,
  partyWordsOf,
} from '../parties';
import { IDENTITY_TEXTS, ISSUED_DOCUMENTS, PARTIES_TEXTS, type PartyWords } from '../texts';
import { electronicCheck } from './identity';
import { IssuedDocument } from './IssuedDocumentTile';
import { OwnIdentity } from './OwnIdentity';

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
