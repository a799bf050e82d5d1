import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import { SummaryList } from '../../../components/SummaryList';
import { formatMoney } from '../../../lib/format';
import { documentTypeLabel } from '../../../lib/documentLabels';
import { SOURCE_OF_FUNDS_LABELS } from '../../../lib/moneyLabels';
import type { BuyingExpanded, SourceOfFunds, SourceOfFundsDetails } from '../../../lib/api/types';
import { DOCUMENTS_TEXTS, RequiredDocumentSlot } from '../../application';
import { useConnectBank } from '../api/connectBank';
import { evidenceSlot } from '../evidence';
import { SOURCE_OF_FUNDS_TEXTS as T } from '../texts';
import { DetailsForm } from './DetailsForm';
import { SourceStateChip } from './SourceStateChip';

/** An accepted source's answers, read-only. */
function Answers({ details }: { details: SourceOfFundsDetails }) {
  return (
    <SummaryList
      rows={[
        { term: T.origin, value: details.origin },
        { term: T.builtUpOver, value: details.builtUpOver },
        { term: T.accountHolder, value: details.accountHolder },
      ]}
    />
  );
}

/**
 * The source's evidence, when it needs one: its required-document slot to upload, replace or
 * delete the file; once the firm accepted the source, only what was uploaded.
 */
function Evidence({ caseId, expanded, source }: SourceCardProps) {
  const slot = evidenceSlot(expanded, source);
  if (!slot) return null;
  if (source.state === 'ACCEPTED') {
    const uploaded =
      slot.documentId != null ? DOCUMENTS_TEXTS.uploaded : DOCUMENTS_TEXTS.notUploaded;
    return (
      <SummaryList
        rows={[{ term: T.evidence, value: `${documentTypeLabel(slot.documentType)}: ${uploaded}` }]}
      />
    );
  }
  return (
    <Box>
      <Typography component="p" sx={{ fontWeight: 600, mb: 1 }}>
        {T.evidence}
      </Typography>
      <RequiredDocumentSlot caseType="BUYING" caseId={caseId} slot={slot} />
      {source.openBanking && <ConnectBank caseId={caseId} sourceId={source.id} />}
    </Box>
  );
}

/** Where the firm offers open banking: the statements straight from the bank, by consent. */
function ConnectBank({ caseId, sourceId }: { caseId: string; sourceId: number }) {
  const connect = useConnectBank(caseId, sourceId);
  const hintId = useId();
  return (
    <Stack spacing={1} sx={{ mt: 2 }}>
      <Typography id={hintId} color="text.secondary">
        {T.connectBankHint}
      </Typography>
      <Box>
        <Button
          variant="outlined"
          aria-describedby={hintId}
          disabled={connect.isPending || connect.isSuccess}
          onClick={() => connect.mutate()}
        >
          {connect.isPending || connect.isSuccess ? T.connecting : T.connectBank}
        </Button>
      </Box>
      {connect.isError && (
        <Alert severity="error" role="alert">
          {T.connectFailed}
        </Alert>
      )}
    </Stack>
  );
}

interface SourceCardProps {
  caseId: string;
  expanded: BuyingExpanded;
  source: SourceOfFunds;
}

/**
 * One source of funds: what it is and how much, where it stands, the firm's reason when it asked
 * for more, the buyer's account of the money (a form until the firm accepts it) and its evidence.
 */
export function SourceCard({ caseId, expanded, source }: SourceCardProps) {
  const headingId = useId();
  const accepted = source.state === 'ACCEPTED';
  const reason = source.review?.outcome === 'MORE_NEEDED' ? source.review.reason : null;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={headingId}
      data-source={source.id}
      data-state={source.state}
      sx={{ p: { xs: 1.5, sm: 2.5 }, minWidth: 0 }}
    >
      <Stack spacing={2}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem' }}>
              {SOURCE_OF_FUNDS_LABELS[source.sourceType]}
            </Typography>
            {source.amount != null && (
              <Typography color="text.secondary">{T.amount(formatMoney(source.amount))}</Typography>
            )}
          </Box>
          <Box sx={{ flexShrink: 0 }}>
            <SourceStateChip state={source.state} />
          </Box>
        </Stack>
        {reason && (
          <Alert severity="warning" sx={{ overflowWrap: 'anywhere' }}>
            {T.whatWeNeed(reason)}
          </Alert>
        )}
        {source.asksDetails && !accepted && <DetailsForm caseId={caseId} source={source} />}
        {accepted && source.details && <Answers details={source.details} />}
        <Evidence caseId={caseId} expanded={expanded} source={source} />
      </Stack>
    </Paper>
  );
}
