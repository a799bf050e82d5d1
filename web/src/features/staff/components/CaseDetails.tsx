import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { SummaryList, type SummaryRow } from '../../../components/SummaryList';
import type { ExpandedCase } from '../../../lib/api/types';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { isBuying, partiesOf, useKeyFactRows } from '../../application';
import { answerTexts as T } from '../texts';
import { date, Rows } from './answerRows';
import { buyingGroups, remortgagingGroups } from './ApplicationAnswerGroups';
import { identityState } from './IdentityReview';
import { Collapsible, Detail, Details } from './Panel';
import type { Party } from './PartyAnswers';

/** The firm's own facts beside the customer's key facts (what only the back office records). */
function firmFacts(expanded: ExpandedCase): SummaryRow[] {
  const completion = { term: T.completionDate, value: date(expanded.completionDate) ?? T.notYet };
  if (isBuying(expanded)) {
    return [
      {
        term: T.initialPayment,
        value: expanded.deposit.paidAt ? formatDateTime(expanded.deposit.paidAt) : T.notYet,
      },
      completion,
    ];
  }
  return [
    { term: T.mortgageOffer, value: expanded.hasMortgageOffer ? T.received : T.notYet },
    ...(expanded.isRepayingHelpToBuy
      ? [{ term: T.htbLetter, value: expanded.hasHTBRedemptionLetter ? T.received : T.notYet }]
      : []),
    completion,
  ];
}

function QuoteAnswers({ expanded }: { expanded: ExpandedCase }) {
  const quote = expanded.quote;
  if (!quote) return <Typography>{T.noQuote}</Typography>;
  return (
    <Stack spacing={2}>
      <Rows
        rows={[
          ['Total', formatMoney(quote.totalAmount)],
          ['Subtotal', formatMoney(quote.subtotal)],
          ['Discount', formatMoney(quote.discount)],
          ['Up-front payment', formatMoney(quote.deposit)],
          ['Accepted', quote.acceptedAt ? formatDateTime(quote.acceptedAt) : T.notYet],
        ]}
      />
      {quote.costBreakdown.map((section) => (
        <Box key={section.sectionTitle}>
          <Typography variant="h4" component="h4" sx={{ mb: 1 }}>
            {section.sectionTitle}
          </Typography>
          <Details>
            {section.costs.map((line) => (
              <Detail key={line.label} term={line.label}>
                {formatMoney(line.amount)}
              </Detail>
            ))}
          </Details>
        </Box>
      ))}
    </Stack>
  );
}

/**
 * Every answer the customers gave, in the application's sections (their labels from the
 * workflow, in its order), each opening and closing: the key facts open, and the owners or
 * buyers open while an identity waits for the firm. `identity`: the firm's check of an owner's or
 * buyer's identity, shown under them. Uploaded documents are listed apart (DocumentsPanel).
 */
export function ApplicationAnswers({
  expanded,
  identity,
}: {
  expanded: ExpandedCase;
  identity: (party: Party) => ReactNode;
}) {
  const keyFacts = useKeyFactRows(expanded);
  const waitingIdentity = partiesOf(expanded).some((p) => identityState(p) === 'SUBMITTED');
  const groups: Record<string, ReactNode> = isBuying(expanded)
    ? buyingGroups(expanded, identity)
    : remortgagingGroups(expanded, identity);
  const content: Record<string, ReactNode> = {
    'key-facts': <SummaryList rows={[...keyFacts, ...firmFacts(expanded)]} />,
    quote: <QuoteAnswers expanded={expanded} />,
    ...groups,
  };
  const sections = expanded.view.sections.filter((s) => content[s.key] !== undefined);
  return (
    <Stack spacing={1} component="section" aria-label={T.application}>
      <Typography variant="h2" sx={{ mb: 1 }}>
        {T.application}
      </Typography>
      {sections.map((s) => (
        <Collapsible
          key={s.key}
          title={s.label}
          defaultExpanded={
            s.key === 'key-facts' ||
            (waitingIdentity && (s.key === 'owners' || s.key === 'buyer-details'))
          }
        >
          {content[s.key]}
        </Collapsible>
      ))}
    </Stack>
  );
}
