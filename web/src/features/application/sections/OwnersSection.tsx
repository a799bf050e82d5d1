import { Stack, Typography } from '@mui/material';
import { useId } from 'react';
import type { ExpandedCase } from '../../../lib/api/types';
import { useSession } from '../../auth';
import { BROKER_STAGES, isBuying, kindOf, partiesOf } from '../caseKind';
import { PARTY_TEXTS } from '../ownersTexts';
import { AddOwnerForm } from './AddOwnerForm';
import { CompanyPart } from './CompanyPart';
import { OccupantsPart } from './OccupantsPart';
import { OwnerCard } from './OwnerCard';
import { h2Sx } from './ownersControls';
import { joinAddress } from './ownersFormat';
import { TenancySplitPart } from './TenancySplitPart';
import { TitleRegisterPart } from './TitleRegisterPart';

export interface OwnersSectionProps {
  caseId: string;
  expanded: ExpandedCase;
}

/**
 * The Owners section of a remortgage (`owners`) and the Buyer Details section of a purchase
 * (`buyer-details`), one form fed by the case type: every owner or buyer with what is still
 * missing (spec §5 labels; a buyer also needs occupation, NI number and UK residence), the
 * signed-in person's case details, adding (with an invitation e-mail) and removing co-owners or
 * co-buyers, and for a remortgage the other adults living at the property (a purchase has no
 * such part, nor a transfer of equity) and, for a company case, the company and its directors
 * (CompanyPart). Others' details are redacted to a customer alike. The section's state is the
 * engine's; every write refetches the case.
 */
export function OwnersSection({ caseId, expanded }: OwnersSectionProps) {
  const { me, isBroker } = useSession();
  const kind = kindOf(expanded);
  const T = PARTY_TEXTS[kind];
  const brokerStage = isBroker && BROKER_STAGES.includes(expanded.status);
  const owners = partiesOf(expanded);
  const ownersHeadingId = useId();
  // An owner of a remortgaged property who lives there is not asked for their address again.
  const propertyAddress = isBuying(expanded) ? null : joinAddress(expanded.property);
  // Once the owners said they own it alone, there is no one else to add.
  const soleOwner = expanded.property.landOwnership === 'SOLE_OWNER';
  return (
    <Stack spacing={4} sx={{ maxWidth: 880, minWidth: 0 }}>
      <Typography>{T.intro}</Typography>
      <Stack component="section" aria-labelledby={ownersHeadingId} spacing={2}>
        <Typography id={ownersHeadingId} variant="h2" sx={h2Sx}>
          {T.ownersHeading}
        </Typography>
        {owners.length === 0 && <Typography>{T.noOwners}</Typography>}
        {owners.map((owner) => (
          <OwnerCard
            key={owner.id}
            kind={kind}
            caseId={caseId}
            owner={owner}
            isMe={!!me && owner.user.id === me.id}
            canEdit={!owner.redacted && ((!!me && owner.user.id === me.id) || brokerStage)}
            propertyAddress={propertyAddress}
          />
        ))}
      </Stack>
      {!isBuying(expanded) && (
        <TitleRegisterPart
          caseId={caseId}
          expanded={expanded}
          canExplain={!isBroker || brokerStage}
        />
      )}
      {!soleOwner && <AddOwnerForm kind={kind} caseId={caseId} />}
      {!isBuying(expanded) && (
        <CompanyPart caseId={caseId} expanded={expanded} canEdit={!isBroker || brokerStage} />
      )}
      <TenancySplitPart caseId={caseId} expanded={expanded} canEdit={!isBroker || brokerStage} />
      {!isBuying(expanded) && <OccupantsPart caseId={caseId} expanded={expanded} />}
    </Stack>
  );
}
