import { Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { DonorGift, FeedData } from '../../../lib/api/types';
import { formatMoney } from '../../../lib/format';
import type { CaseKind } from '../../cases';
import type { InvitationVariant } from '../machines/invitationMachine';
import { preparedBy } from '../texts';

const PURPOSE: Record<CaseKind, string> = { remortgaging: 'remortgage', buying: 'purchase' };

function place(data: FeedData): string {
  return data.propertyAddressLine1 || 'your property';
}

/** INVITE-04: who invites, for which property, and who else is invited — from the feed item. */
export function Intro({
  variant,
  kind,
  data,
  gift,
}: {
  variant: InvitationVariant;
  kind: CaseKind;
  data: FeedData;
  /** A donor's own gift (GET /donor-evidence), once loaded. */
  gift?: DonorGift | null;
}) {
  const inviter = data.inviterName || data.brokerPreferredName || 'Your broker';
  const others = data.invitees?.filter(Boolean) ?? [];
  let lines: ReactNode[];
  switch (variant) {
    case 'quote':
      lines = [
        preparedBy(data.brokerPreferredName, data.brokerFirm),
        `For the ${PURPOSE[kind]} of ${place(data)}`,
      ];
      break;
    case 'lender':
      lines = [
        `${inviter}${data.brokerFirm ? `, ${data.brokerFirm},` : ''} has invited you to start the conveyancing for the ${PURPOSE[kind]} of ${place(data)}.`,
      ];
      break;
    case 'invitation':
      lines = [
        `${inviter} has invited you to join the conveyancing for the ${PURPOSE[kind]} of ${place(data)}.`,
        others.length > 0 && `Invited: ${others.join(', ')}`,
      ];
      break;
    case 'donor':
      // The buyer asks (the lead buyer is named first), for the amount they gave.
      lines = [
        `${others[0] ?? inviter} has asked you to confirm your gift contribution${
          gift?.giftAmount != null ? ` of ${formatMoney(gift.giftAmount)}` : ''
        } towards the purchase of ${gift?.propertyAddressLine1 ?? place(data)}.`,
      ];
      break;
  }
  return (
    <Stack spacing={0.5} sx={{ mb: 2 }} data-testid="invitation-intro">
      {lines.filter(Boolean).map((line, i) => (
        <Typography key={i} sx={{ overflowWrap: 'anywhere' }}>
          {line}
        </Typography>
      ))}
    </Stack>
  );
}
