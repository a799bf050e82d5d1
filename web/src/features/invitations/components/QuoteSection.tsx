import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { GenericError } from '../../../components/GenericError';
import { Loading } from '../../../components/Loading';
import { isApiError } from '../../../lib/api/errors';
import type { Quote } from '../../../lib/api/types';
import { formatDate } from '../../../lib/format';
import { useSession } from '../../auth';
import { CASE_TYPE, type CaseKind } from '../../cases';
import { useAcceptQuote } from '../api/acceptQuote';
import { useLatestQuote } from '../api/getLatestQuote';
import { preparedBy, QUOTE_LABELS, QUOTE_TEXTS, REPORT_TEXTS } from '../texts';
import { QuoteChanged } from './QuoteChanged';
import { QuoteDetails } from './QuoteDetails';
import { ReportIssueDialog } from './ReportIssueDialog';

/**
 * The Quote section (/{caseType}/{caseId}/application/quote, REM-APP-08): the quote screen as a
 * page, naming the broker and their firm (QUOTE-02). A customer may accept a quote not yet
 * accepted, which takes them to the case page; the button comes after the figures, the terms
 * and the land-tax estimate, so they read what they accept first. A re-quote of a quote they had
 * accepted says so first, with the figures that changed (QuoteChanged).
 */
export function QuoteSection({
  kind,
  caseId,
  brokerName,
  brokerFirm,
}: {
  kind: CaseKind;
  caseId: string;
  brokerName?: string | null;
  brokerFirm?: string | null;
}) {
  const { isBroker } = useSession();
  const query = useLatestQuote(kind, caseId);
  const accept = useAcceptQuote();
  const navigate = useNavigate();
  const [reporting, setReporting] = useState(false);
  const headingId = useId();
  const prepared = preparedBy(brokerName, brokerFirm);

  if (query.isPending) return <Loading label={QUOTE_LABELS.loading} />;
  if (query.isError) {
    return isApiError(query.error, 404) ? (
      <Typography role="status">{QUOTE_TEXTS.missing}</Typography>
    ) : (
      <Alert severity="error" role="alert">
        Whoop&apos;s something went wrong loading the page please try reloading.
      </Alert>
    );
  }
  const quote = query.data;
  const canAccept = !isBroker && !quote.acceptedAt;
  const onAccept = () =>
    accept.mutate(
      { quoteId: quote.id, caseType: CASE_TYPE[kind], caseId: quote.caseId },
      {
        onSuccess: () =>
          void navigate({ to: '/$caseType/$caseId', params: { caseType: kind, caseId } }),
      },
    );

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ maxWidth: 720 }}>
      <Typography id={headingId} variant="h2" sx={{ mb: 1 }}>
        {QUOTE_TEXTS.quoteTitle}
      </Typography>
      {prepared && <Typography sx={{ mb: 2 }}>{prepared}</Typography>}
      <QuoteChanged quote={quote} isBroker={isBroker} />
      <QuoteDetails quote={quote} />
      <Stack spacing={2} sx={{ mt: 3 }}>
        {quote.acceptedAt && (
          <Typography data-testid="quote-accepted">
            {`${QUOTE_LABELS.accepted} ${formatDate(quote.acceptedAt)}.`}
          </Typography>
        )}
        {accept.isError && <GenericError />}
        {!isBroker && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            {canAccept && (
              <Button variant="contained" disabled={accept.isPending} onClick={onAccept}>
                {QUOTE_TEXTS.acceptQuote}
              </Button>
            )}
            <Button onClick={() => setReporting(true)}>{QUOTE_TEXTS.reportIssue}</Button>
          </Stack>
        )}
      </Stack>
      <ReportedIssues quote={quote} isBroker={isBroker} />
      <ReportIssueDialog
        open={reporting}
        quoteId={quote.id}
        caseRef={{ caseType: CASE_TYPE[kind], caseId: quote.caseId }}
        brokerName={brokerName}
        brokerFirm={brokerFirm}
        onClose={() => setReporting(false)}
      />
    </Box>
  );
}

/** What customers reported about the quote: all of it for the broker, their own for a customer. */
function ReportedIssues({ quote, isBroker }: { quote: Quote; isBroker: boolean }) {
  const headingId = useId();
  if (quote.reportedIssues.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 4 }}>
      <Typography id={headingId} variant="h3" sx={{ mb: 1 }}>
        {isBroker ? REPORT_TEXTS.reportedTitle : REPORT_TEXTS.yourReports}
      </Typography>
      <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {quote.reportedIssues.map((issue) => (
          <Box component="li" key={issue.id} sx={{ borderLeft: 3, borderColor: 'divider', pl: 2 }}>
            <Typography variant="body2" color="text.secondary">
              {`${issue.reportedBy ?? 'A former customer'}, ${formatDate(issue.reportedAt)}`}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {issue.message}
            </Typography>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
