import { Box, Link, List, ListItem, Stack, Typography } from '@mui/material';
import { StatusChip } from '../../../components/StatusChip';
import type {
  BuyingExpanded,
  SourceOfFunds,
  SourceOfFundsState,
  StatusChip as ChipData,
} from '../../../lib/api/types';
import { formatMoney } from '../../../lib/format';
import { documentTypeLabel } from '../../../lib/documentLabels';
import { SOURCE_OF_FUNDS_LABELS } from '../../../lib/moneyLabels';
import { documentUrl } from '../../documents';
import { evidenceSlot } from '../../sourceOfFunds';
import { sourcesOfFundsTexts as T } from '../fundsTexts';
import { PreviewButton } from './DocumentPreview';
import { Detail, Details, Panel } from './Panel';
import { SourceReview } from './SourceReview';

const CHIPS: Record<SourceOfFundsState, Omit<ChipData, 'label'>> = {
  DETAILS_NEEDED: { colour: 'AMBER', showWarningIcon: false },
  EVIDENCE_NEEDED: { colour: 'AMBER', showWarningIcon: false },
  READY_FOR_REVIEW: { colour: 'AMBER', showWarningIcon: true },
  MORE_NEEDED: { colour: 'RED', showWarningIcon: false },
  ACCEPTED: { colour: 'GREEN', showWarningIcon: false },
};

/** The source's evidence: open or download it once uploaded, else what is still missing. */
function Evidence({ expanded, source }: { expanded: BuyingExpanded; source: SourceOfFunds }) {
  if (source.evidenceType == null) return <>{T.noEvidenceNeeded}</>;
  const type = documentTypeLabel(source.evidenceType);
  const documentId = evidenceSlot(expanded, source)?.documentId;
  if (documentId == null) return <>{T.notUploaded(type)}</>;
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
    >
      <span>{type}</span>
      <PreviewButton documentId={documentId} name={type} />
      <Link href={documentUrl(documentId)} download aria-label={`Download ${type}`}>
        Download
      </Link>
    </Box>
  );
}

function SourceRow({
  caseId,
  expanded,
  source,
  mayReview,
}: {
  caseId: string;
  expanded: BuyingExpanded;
  source: SourceOfFunds;
  mayReview: boolean;
}) {
  const name = SOURCE_OF_FUNDS_LABELS[source.sourceType];
  const { details, review } = source;
  return (
    <Stack spacing={1.25} sx={{ minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography component="h3" sx={{ fontWeight: 600 }}>
          {name}
        </Typography>
        <StatusChip chip={{ ...CHIPS[source.state], label: T.states[source.state] }} wrap />
      </Stack>
      <Details>
        <Detail term={T.amount}>
          {source.amount != null ? formatMoney(source.amount) : T.notGiven}
        </Detail>
        {source.asksDetails && (
          <>
            <Detail term={T.origin}>{details?.origin ?? T.notGiven}</Detail>
            <Detail term={T.builtUpOver}>{details?.builtUpOver ?? T.notGiven}</Detail>
            <Detail term={T.accountHolder}>{details?.accountHolder ?? T.notGiven}</Detail>
          </>
        )}
        <Detail term={T.evidence}>
          <Evidence expanded={expanded} source={source} />
        </Detail>
      </Details>
      {review?.outcome === 'MORE_NEEDED' && review.reason && source.state !== 'ACCEPTED' && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {T.askedFor(review.reason)}
        </Typography>
      )}
      {mayReview && source.state !== 'ACCEPTED' && (
        <SourceReview caseId={caseId} sourceId={source.id} name={name} />
      )}
    </Stack>
  );
}

/**
 * 'Sources of funds' (issue 33, SOF feature): each source of a purchase with where it stands,
 * the buyer's account of the money and its evidence. While the workflow lets this staff member
 * (`mayReview`), they accept a source or ask the buyer for more.
 */
export function SourcesOfFundsPanel({
  caseId,
  expanded,
  mayReview,
}: {
  caseId: string;
  expanded: BuyingExpanded;
  mayReview: boolean;
}) {
  const sources = expanded.sourceOfFunds;
  return (
    <Panel title={T.title}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {T.intro}
      </Typography>
      {sources.length === 0 ? (
        <Typography>{T.none}</Typography>
      ) : (
        <List disablePadding aria-label={T.title}>
          {sources.map((source) => (
            <ListItem
              key={source.id}
              divider
              disableGutters
              data-source={source.id}
              sx={{ display: 'block', py: 1.5 }}
            >
              <SourceRow
                caseId={caseId}
                expanded={expanded}
                source={source}
                mayReview={mayReview}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Panel>
  );
}
