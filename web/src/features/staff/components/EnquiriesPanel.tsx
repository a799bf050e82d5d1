import { Box, Button, Chip, List, ListItem, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { enquiryTexts as T } from '../legalFileTexts';
import type { StaffEnquiry } from '../types';
import { AnswerDialog, RaiseDialog, WithdrawDialog } from './EnquiryDialogs';
import { Panel } from './Panel';

type Outcome = keyof typeof T.outcomes;

const OUTCOME_COLOUR: Record<Outcome, 'primary' | 'success' | 'default'> = {
  OPEN: 'primary',
  SATISFIED: 'success',
  FOLLOWED_UP: 'default',
  WITHDRAWN: 'default',
};

/**
 * 'Enquiries' (issue 29): a purchase's enquiries with the seller's solicitor, numbered in the
 * order raised, each with its reply and how it was closed. While the workflow lets this staff
 * member (`mayWork`: the contract pack awaited or in), they raise one, record a reply —
 * accepting it, or raising a follow-up in its place — or withdraw one with a reason.
 */
export function EnquiriesPanel({
  caseId,
  enquiries,
  mayWork,
}: {
  caseId: string;
  enquiries: StaffEnquiry[];
  mayWork: boolean;
}) {
  const [raising, setRaising] = useState(false);
  const numberOf = new Map(enquiries.map((e, i) => [e.id, i + 1]));
  const open = enquiries.filter((e) => e.outcome == null).length;
  return (
    <Panel title={T.title}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {T.intro}
      </Typography>
      <Typography sx={{ mb: 1 }}>
        {enquiries.length === 0 ? T.none : T.summary(open, enquiries.length)}
      </Typography>
      {enquiries.length > 0 && (
        <List disablePadding aria-label={T.title}>
          {enquiries.map((enquiry, i) => (
            <ListItem key={enquiry.id} divider disableGutters sx={{ display: 'block', py: 1.5 }}>
              <EnquiryRow
                caseId={caseId}
                enquiry={enquiry}
                number={i + 1}
                followUpOf={enquiry.followUpOf ? numberOf.get(enquiry.followUpOf) : undefined}
                mayWork={mayWork}
              />
            </ListItem>
          ))}
        </List>
      )}
      {mayWork && (
        <Box sx={{ mt: 1 }}>
          <Button variant="outlined" onClick={() => setRaising(true)}>
            {T.raise}
          </Button>
        </Box>
      )}
      {raising && <RaiseDialog caseId={caseId} onClose={() => setRaising(false)} />}
    </Panel>
  );
}

function EnquiryRow({
  caseId,
  enquiry,
  number,
  followUpOf,
  mayWork,
}: {
  caseId: string;
  enquiry: StaffEnquiry;
  number: number;
  followUpOf: number | undefined;
  mayWork: boolean;
}) {
  const [dialog, setDialog] = useState<'answer' | 'withdraw' | null>(null);
  const outcome: Outcome = enquiry.outcome ?? 'OPEN';
  return (
    <Stack spacing={0.75}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>{T.number(number)}</Typography>
        <Chip size="small" color={OUTCOME_COLOUR[outcome]} label={T.outcomes[outcome]} />
        {followUpOf && (
          <Typography variant="body2" color="text.secondary">
            {T.followUpOf(followUpOf)}
          </Typography>
        )}
      </Stack>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {enquiry.question}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {T.raisedBy(formatDateTime(enquiry.raisedAt), enquiry.raisedByName)}
      </Typography>
      {enquiry.answer != null && enquiry.answeredAt && (
        <Box sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {enquiry.answer}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {T.repliedBy(formatDateTime(enquiry.answeredAt), enquiry.answeredByName)}
          </Typography>
        </Box>
      )}
      {enquiry.withdrawalReason && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {T.withdrawn(enquiry.withdrawalReason)}
        </Typography>
      )}
      {mayWork && outcome === 'OPEN' && (
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" onClick={() => setDialog('answer')}>
            {T.answer}
          </Button>
          <Button onClick={() => setDialog('withdraw')}>{T.withdraw}</Button>
        </Stack>
      )}
      {dialog === 'answer' && (
        <AnswerDialog
          caseId={caseId}
          enquiryId={enquiry.id}
          number={number}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'withdraw' && (
        <WithdrawDialog
          caseId={caseId}
          enquiryId={enquiry.id}
          number={number}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}
