import { Alert, Box, Stack, Step, StepLabel, Stepper, Typography } from '@mui/material';
import { useId } from 'react';
import { formatDate } from '../../../lib/format';
import type { BuyingExpanded, CaseStatus } from '../../../lib/api/types';
import { uploadsOf } from '../parties';
import { CONTRACT_PACK_TEXTS, ISSUED_DOCUMENTS } from '../texts';
import { DocumentSection } from './DocumentSection';
import { IssuedDocument } from './IssuedDocumentTile';
import { useDocumentRows } from './useDocumentRows';

/** The status each step of the contract pack is taken in, in order (docs/workflows/buying.md). */
const STEP_STATUSES: readonly CaseStatus[] = [
  'AWAITING_CONTRACT_PACK',
  'AWAITING_SEARCHES',
  'CONTRACT_PACK_REVIEW',
];

/** From the report on title on, every step is done (BUY-POST-17). */
const DONE_STATUSES: readonly CaseStatus[] = [
  'PREPARE_REPORT_ON_TITLE',
  'REPORT_ON_TITLE_ACCEPTANCE',
  'PREPARE_COMPLETION_STATEMENT',
  'COMPLETION_STATEMENT_ACCEPTANCE',
  'PENDING_COMPLETION',
  'COMPLETED',
];

/**
 * Which step the case is on: the index of its status among the steps, every step (their count)
 * once the pack is reviewed, or none (-1) before the pack is awaited.
 */
export function contractPackStep(status: CaseStatus): number {
  if (DONE_STATUSES.includes(status)) return STEP_STATUSES.length;
  return STEP_STATUSES.indexOf(status);
}

/**
 * /buying/{caseId}/contract-pack (BUY-POST-17): where the seller's contract pack stands (its
 * steps from the case status: the seller's solicitor's pack, the searches, our review, done),
 * the seller's property information form (TA6) once the firm has it, and the report on title
 * once issued, to download and accept (the acceptance panel, as for the other issued documents).
 */
export function ContractPackTile({ expanded }: { expanded: BuyingExpanded }) {
  const progressId = useId();
  const reportId = useId();
  const toRow = useDocumentRows(expanded);
  const step = contractPackStep(expanded.status);
  const tileState = expanded.view.tiles.find((t) => t.key === 'contract-pack')?.state;
  const done = step === STEP_STATUSES.length;
  return (
    <Stack spacing={4}>
      <Typography>{CONTRACT_PACK_TEXTS.intro}</Typography>
      <Box component="section" aria-labelledby={progressId}>
        <Typography id={progressId} variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
          {CONTRACT_PACK_TEXTS.progressHeading}
        </Typography>
        <Stepper
          activeStep={step}
          orientation="vertical"
          connector={null}
          component="ol"
          aria-labelledby={progressId}
          sx={{ pl: 0, m: 0 }}
        >
          {CONTRACT_PACK_TEXTS.steps.map((label, i) => (
            <Step
              key={label}
              component="li"
              completed={i < step}
              data-state={i < step ? 'done' : i === step ? 'current' : 'todo'}
              aria-current={i === step ? 'step' : undefined}
            >
              <StepLabel
                optional={
                  i < step ? (
                    <Typography variant="body2">{CONTRACT_PACK_TEXTS.stepDone}</Typography>
                  ) : i === step ? (
                    <Typography variant="body2">{CONTRACT_PACK_TEXTS.stepNow}</Typography>
                  ) : undefined
                }
              >
                {label}
              </StepLabel>
            </Step>
          ))}
        </Stepper>
        {done && (
          <Alert severity="success" sx={{ mt: 2 }} data-testid="contract-pack-done">
            {CONTRACT_PACK_TEXTS.done}
          </Alert>
        )}
      </Box>
      <Enquiries enquiries={expanded.enquiries} />
      <DocumentSection
        heading={CONTRACT_PACK_TEXTS.ta6Heading}
        documents={uploadsOf(expanded, ['TA6']).map(toRow)}
        empty={CONTRACT_PACK_TEXTS.noTa6}
      />
      <Box component="section" aria-labelledby={reportId}>
        <Typography id={reportId} variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
          {ISSUED_DOCUMENTS.REPORT_ON_TITLE.title}
        </Typography>
        <IssuedDocument expanded={expanded} documentType="REPORT_ON_TITLE" tileState={tileState} />
      </Box>
    </Stack>
  );
}

type Enquiry = BuyingExpanded['enquiries'][number];

/** What the client reads of an enquiry's state besides its reply (nothing once answered). */
function outcomeNote(e: Enquiry): string | null {
  switch (e.outcome) {
    case null:
    case undefined:
      return CONTRACT_PACK_TEXTS.awaitingReply;
    case 'FOLLOWED_UP':
      return CONTRACT_PACK_TEXTS.followedUp;
    case 'WITHDRAWN':
      return CONTRACT_PACK_TEXTS.withdrawn;
    case 'SATISFIED':
      return null;
  }
}

/**
 * The enquiries the firm raised with the seller's solicitor (issue 29), numbered, each with its
 * reply, or that it awaits one, was asked again, or was withdrawn.
 */
function Enquiries({ enquiries }: { enquiries: Enquiry[] }) {
  const headingId = useId();
  const T = CONTRACT_PACK_TEXTS;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {T.enquiriesHeading}
      </Typography>
      {enquiries.length === 0 ? (
        <Typography>{T.noEnquiries}</Typography>
      ) : (
        <Box component="ol" aria-labelledby={headingId} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {enquiries.map((e, i) => (
            <Box
              component="li"
              key={e.raisedAt + String(i)}
              sx={{ py: 1.5, borderTop: i === 0 ? 0 : 1, borderColor: 'divider' }}
            >
              <Typography sx={{ fontWeight: 600 }}>{T.enquiry(i + 1)}</Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {e.question}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {T.raisedOn(formatDate(e.raisedAt))}
              </Typography>
              {e.answer != null && e.answeredAt && (
                <Box sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5, mt: 1 }}>
                  <Typography variant="body2" color="text.secondary">
                    {T.reply(formatDate(e.answeredAt))}
                  </Typography>
                  <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {e.answer}
                  </Typography>
                </Box>
              )}
              {outcomeNote(e) && (
                <Typography variant="body2" sx={{ mt: 0.5 }}>
                  {outcomeNote(e)}
                </Typography>
              )}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
