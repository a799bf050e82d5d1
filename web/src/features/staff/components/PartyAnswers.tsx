import { Box, Chip, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { RemortgagingExpanded } from '../../../lib/api/types';
import { formatDateTime } from '../../../lib/format';
import { date, Rows, yesNo } from './answerRows';

export type Party = RemortgagingExpanded['propertyOwners'][number];

function legalName(party: Party): string | null {
  const current = party.user.legalNames.find((n) => !n.until);
  if (!current) return null;
  return [current.firstName, current.middleNames, current.surname].filter(Boolean).join(' ');
}

function PartyBlock({ party, identity }: { party: Party; identity?: (party: Party) => ReactNode }) {
  const u = party.user;
  // Without the firm's identity check shown (donors), the plain dates.
  const identityRows: [string, string][] = identity
    ? []
    : [
        [
          'Identity submitted',
          party.identitySubmittedAt ? formatDateTime(party.identitySubmittedAt) : 'Not yet',
        ],
        [
          'Identity verified',
          party.identityVerifiedAt ? formatDateTime(party.identityVerifiedAt) : 'Not yet',
        ],
      ];
  return (
    <Box component="li" sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h4">
          {u.preferredName}
        </Typography>
        {party.isLead && <Chip size="small" label="Lead" />}
      </Stack>
      <Rows
        rows={[
          ['Legal name', legalName(party)],
          ['Email', u.email],
          ['Phone', u.phoneNumber],
          ['Date of birth', date(u.dateOfBirth)],
          ['Address', u.address.line1],
          ['Occupation', u.occupation],
          ['National Insurance', u.nationalInsuranceNumber],
          ['UK resident', yesNo(party.isUkResident)],
          ['Lives at the property', yesNo(party.livesAtProperty)],
          ['Share', party.tenancyShare == null ? null : `${party.tenancyShare}%`],
          ...identityRows,
        ]}
      />
      {identity?.(party)}
    </Box>
  );
}

/** The owners, buyers or donors; `title` where the group is not the section itself. */
export function PartyGroup({
  title,
  parties,
  identity,
}: {
  title?: string;
  parties: Party[];
  identity?: (party: Party) => ReactNode;
}) {
  return (
    <Box>
      {title && (
        <Typography variant="h4" component="h4" sx={{ mb: 1 }}>
          {title}
        </Typography>
      )}
      {parties.length === 0 ? (
        <Typography>None yet.</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {parties.map((p) => (
            <PartyBlock key={p.id} party={p} identity={identity} />
          ))}
        </Box>
      )}
    </Box>
  );
}
