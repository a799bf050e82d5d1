import Visibility from '@mui/icons-material/Visibility';
import { Alert, Box, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { ButtonLink } from '../../../components/ButtonLink';
import { RouterLink } from '../../../components/RouterLink';
import type { RemortgagingExpanded } from '../../../lib/api/types';
import { latestIssued } from '../parties';
import { ACCEPT_TEXTS, ISSUED_DOCUMENTS, type IssuedDocumentType } from '../texts';
import { AcceptancePanel } from './AcceptancePanel';
import { DownloadButton, PdfFrame } from './DocumentActions';

/** The tiles that show an issued document, and its type. */
export const DOCUMENT_TILES: Record<string, IssuedDocumentType> = {
  'mortgage-report': 'MORTGAGE_REPORT',
  'completion-statement': 'COMPLETION_STATEMENT',
};

/**
 * /remortgaging/{caseId}/mortgage-report and /completion-statement (REM-POST-08..15), and their
 * /view pages. The latest issued (non-draft) document of the tile's type: what it is, View (the
 * /view page), Download, and Accept for an owner who has not (AcceptancePanel). The /view page
 * shows the PDF inline with the same Accept under it; on a phone a Download button stands in
 * for the viewer. Accepting the completion statement asks for feedback
 * (ACCEPT_COMPLETION_STATEMENT, FEEDBACK-03). The mortgage report page is the one the spec names
 * for tracking ('mortgage_report_accept'); the app has no page tracking yet.
 */
export function IssuedDocumentTile({
  caseId,
  tile,
  expanded,
  view,
}: {
  caseId: string;
  tile: string;
  expanded: RemortgagingExpanded;
  view: boolean;
}) {
  const documentType = DOCUMENT_TILES[tile];
  const texts = ISSUED_DOCUMENTS[documentType];
  const document = latestIssued(expanded, documentType);
  const tileState = expanded.view.tiles.find((t) => t.key === tile)?.state;
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });

  if (!document) {
    return (
      <Alert severity="info" role="status">
        {texts.notReady}
      </Alert>
    );
  }

  const acceptance = (
    <AcceptancePanel
      key={document.documentId}
      expanded={expanded}
      document={document}
      tileState={tileState}
      feedbackPoint={documentType === 'COMPLETION_STATEMENT' ? 'ACCEPT_COMPLETION_STATEMENT' : null}
      acceptedToast={texts.acceptedToast}
    />
  );

  if (view) {
    return (
      <Stack spacing={3} data-document-id={document.documentId}>
        <Box>
          <RouterLink
            to="/$caseType/$caseId/$tile"
            params={{ caseType: 'remortgaging', caseId, tile }}
          >
            {texts.back}
          </RouterLink>
        </Box>
        {phone ? (
          <Stack spacing={1.5}>
            <Typography>{ACCEPT_TEXTS.phoneNote}</Typography>
            <DownloadButton
              documentId={document.documentId}
              title={texts.title}
              variant="contained"
            />
          </Stack>
        ) : (
          <>
            <PdfFrame
              key={document.documentId}
              documentId={document.documentId}
              title={texts.title}
            />
            <DownloadButton documentId={document.documentId} title={texts.title} />
          </>
        )}
        {acceptance}
      </Stack>
    );
  }

  return (
    <Stack spacing={3} data-document-id={document.documentId}>
      <Typography>{texts.what}</Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: 'flex-start' }}
      >
        <ButtonLink
          variant="contained"
          to="/$caseType/$caseId/$tile/view"
          params={{ caseType: 'remortgaging', caseId, tile }}
          startIcon={<Visibility aria-hidden="true" />}
          aria-label={`${ACCEPT_TEXTS.view} ${texts.title}`}
        >
          {ACCEPT_TEXTS.view}
        </ButtonLink>
        <DownloadButton documentId={document.documentId} title={texts.title} />
      </Stack>
      {acceptance}
    </Stack>
  );
}
