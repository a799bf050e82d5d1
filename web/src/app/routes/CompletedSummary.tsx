import { Box, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import type { ExpandedCase } from '../../lib/api/types';
import { formatDate, formatMoney } from '../../lib/format';
import { documentTypeLabel } from '../../lib/documentLabels';
import { lenderLabel } from '../../lib/labels';
import { propertyAddress } from '../../features/cases';
import { handlerName, Row } from '../../features/cases/lazy';
import { DownloadButton } from '../../features/tiles';

export const COMPLETED_TEXTS = {
  heading: 'Your case is complete',
  intro: 'Here is what we did for you. Keep this page and the documents below for your records.',
  remortgage: 'Remortgage of',
  purchase: 'Purchase of',
  lender: 'Lender',
  loanAmount: 'Loan amount',
  purchasePrice: 'Purchase price',
  completedOn: 'Completed on',
  handledBy: 'Handled by',
  next: 'What happens next',
  nextIntro:
    'We finish the legal work after completion: the tax return, the registration at HM Land Registry, then we close the file.',
  stepDone: 'Done',
  stepToDo: 'Not yet',
  documents: 'Documents to keep',
  noDocuments: 'We have sent you everything you need by e-mail.',
} as const;

/** A lender worth naming: one was chosen (not the spec's NO_LENDER). */
const named = (lender: string | null | undefined) =>
  lender && lender !== 'NO_LENDER' ? lenderLabel(lender) : null;

/**
 * A completed case's summary (issue 26): the property, the loan or the purchase, the
 * completion date, who handled it, what the firm still does after completion (issue 29), and
 * the issued documents to keep, each to download.
 */
export function CompletedSummary({ expanded }: { expanded: ExpandedCase }) {
  const headingId = useId();
  const buying = 'buyers' in expanded;
  const address = propertyAddress(expanded.property);
  const lender = named(buying ? expanded.lender : expanded.newLender);
  const documents = expanded.documents.generatedDocuments.filter((d) => !d.isDraft);
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      data-testid="completed-summary"
      sx={{ p: 2, bgcolor: 'background.paper', borderRadius: 1, border: 1, borderColor: 'divider' }}
    >
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {COMPLETED_TEXTS.heading}
      </Typography>
      <Typography sx={{ mb: 1.5 }}>{COMPLETED_TEXTS.intro}</Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5 }}>
        {address && (
          <Row term={buying ? COMPLETED_TEXTS.purchase : COMPLETED_TEXTS.remortgage}>{address}</Row>
        )}
        {buying && expanded.purchasePrice != null && (
          <Row term={COMPLETED_TEXTS.purchasePrice}>{formatMoney(expanded.purchasePrice)}</Row>
        )}
        {lender && <Row term={COMPLETED_TEXTS.lender}>{lender}</Row>}
        {!buying && expanded.loanAmount != null && (
          <Row term={COMPLETED_TEXTS.loanAmount}>{formatMoney(expanded.loanAmount)}</Row>
        )}
        {expanded.completionDate && (
          <Row term={COMPLETED_TEXTS.completedOn}>{formatDate(expanded.completionDate)}</Row>
        )}
        <Row term={COMPLETED_TEXTS.handledBy}>{handlerName(expanded.caseHandler)}</Row>
        {expanded.afterCompletion.length > 0 && (
          <Row term={COMPLETED_TEXTS.next}>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {COMPLETED_TEXTS.nextIntro}
            </Typography>
            <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
              {expanded.afterCompletion.map((step) => (
                <li key={step.label}>
                  {step.label}: {step.done ? COMPLETED_TEXTS.stepDone : COMPLETED_TEXTS.stepToDo}
                </li>
              ))}
            </Box>
          </Row>
        )}
        <Row term={COMPLETED_TEXTS.documents}>
          {documents.length === 0 ? (
            COMPLETED_TEXTS.noDocuments
          ) : (
            <Stack spacing={1} sx={{ mt: 0.5 }}>
              {documents.map((d) => {
                const title = documentTypeLabel(d.documentType);
                return (
                  <Stack
                    key={d.documentId}
                    direction={{ xs: 'column', sm: 'row' }}
                    spacing={1}
                    sx={{ alignItems: { sm: 'center' } }}
                  >
                    <span>{title}</span>
                    <DownloadButton documentId={d.documentId} title={title} />
                  </Stack>
                );
              })}
            </Stack>
          )}
        </Row>
      </Box>
    </Box>
  );
}
