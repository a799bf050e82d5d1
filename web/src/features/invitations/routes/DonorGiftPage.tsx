import { Alert, Box, Stack, Typography } from '@mui/material';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { Loading } from '../../../components/Loading';
import { PageHeading } from '../../../components/PageHeading';
import { isApiError } from '../../../lib/api/errors';
import type { GiftStatus } from '../../../lib/api/types';
import { formatMoney } from '../../../lib/format';
import { SummaryList } from '../../../components/SummaryList';
import { useSession } from '../../auth';
import { LOAD_ERROR } from '../../cases';
import { clientCalls, CONVERSATION_TEXTS, ConversationPanel } from '../../conversation';
import { SectionCard } from '../../../components/SectionCard';
import { useDonorGift } from '../api/getDonorGift';
import { DonorEvidence } from '../components/DonorEvidence';
import { DONOR_PAGE_TEXTS as T } from '../texts';

const STATUS: Record<GiftStatus, { label: string; note: string }> = {
  INVITED: { label: T.invited, note: T.invitedNote },
  ACCEPTED: { label: T.accepted, note: T.acceptedNote },
  DECLINED: { label: T.declined, note: T.declinedNote },
};

/**
 * A gift donor's own page (/gift/{caseId}, issue 13): the gift they are asked to give towards
 * someone's purchase — whose, for which property, how much, and their answer — from
 * GET /donor-evidence/buying/{caseId}, which answers a donor their own gift only; never the
 * buyers' case. A donor with no case of their own lands here after signing in (features/cases
 * home.ts) instead of 'Start a remortgage'; the 'Confirm Your Gift Contribution' dialog opens
 * over it while their invitation waits, and after they answer the page shows the answer. Once
 * they confirmed, they upload their evidence of the gift here. Their own conversation with the
 * firm about the gift sits below (issue 32): nobody else on the purchase sees it.
 */
export function DonorGiftPage({ caseId }: { caseId: string }) {
  const { me } = useSession();
  const gift = useDonorGift(caseId, !!me, me?.user.email);
  let body;
  if (gift.data) {
    const { status } = gift.data;
    body = (
      <Stack spacing={3}>
        <Typography>{T.intro}</Typography>
        <SummaryList
          testId="donor-gift"
          rows={[
            { term: T.property, value: gift.data.propertyAddressLine1 ?? T.notGiven },
            { term: T.buyer, value: gift.data.buyerName || T.notGiven },
            {
              term: T.amount,
              value: gift.data.giftAmount != null ? formatMoney(gift.data.giftAmount) : T.notGiven,
            },
            { term: T.status, value: STATUS[status].label },
          ]}
        />
        <Alert severity={status === 'DECLINED' ? 'info' : 'success'} icon={false} role="note">
          {STATUS[status].note}
        </Alert>
        {status === 'ACCEPTED' && <DonorEvidence caseId={caseId} documents={gift.data.documents} />}
        <DonorConversation caseId={caseId} />
      </Stack>
    );
  } else if (gift.isError && !isApiError(gift.error, 404)) {
    body = (
      <Alert severity="error" role="alert">
        {LOAD_ERROR}
      </Alert>
    );
  } else if (gift.isError || gift.data === null) {
    body = <Alert severity="info">{T.notFound}</Alert>;
  } else {
    body = <Loading label={T.loading} />;
  }
  return (
    <Box sx={{ maxWidth: 640, minWidth: 0 }}>
      <PageHeading>{T.title}</PageHeading>
      {body}
    </Box>
  );
}

/**
 * The donor's thread with the firm. No upload from the message box: their statements go under
 * 'Your evidence' above, and may then be chosen to go with a message.
 */
function DonorConversation({ caseId }: { caseId: string }) {
  const calls = useMemo(() => ({ ...clientCalls('buying', caseId), caseRef: undefined }), [caseId]);
  return (
    <SectionCard title={CONVERSATION_TEXTS.heading}>
      <ConversationPanel calls={calls} />
    </SectionCard>
  );
}

const giftRoute = getRouteApi('/protected/gift/$caseId');

/** /gift/{caseId}. */
export function DonorGiftRoute() {
  const { caseId } = giftRoute.useParams();
  return <DonorGiftPage key={caseId} caseId={caseId} />;
}
