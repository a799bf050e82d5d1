import Visibility from '@mui/icons-material/Visibility';
import { Alert, Box, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { ButtonLink } from '../../../components/ButtonLink';
import { RouterLink } from '../../../components/RouterLink';
import type { ExpandedCase, SectionState } from '../../../lib/api/types';
import type { CaseKind } from '../../cases';
import { DocumentFrame } from '../../documents';
import { latestIssued, type GeneratedDocument } from '../parties';
import { ACCEPT_TEXTS, ISSUED_DOCUMENTS, type IssuedDocumentType } from '../texts';
import { AcceptancePanel } from './AcceptancePanel';
import { DownloadButton } from './DocumentActions';

/** The tiles that show an issued document (each with a /view page), and its type. */
export const DOCUMENT_TILES: Record<string, IssuedDocumentType> = {
  'mortgage-report': 'MORTGAGE_REPORT',
  'client-care-letter': 'CLIENT_CARE_LETTER',
  'completion-statement': 'COMPLETION_STATEMENT',
};

/** Where a tile's document is shown in the page: /{caseType}/{caseId}/{tile}/view. */
interface ViewPage {
  kind: CaseKind;
  caseId: string;
  tile: string;
}

function Acceptance({
  expanded,
  document,
  documentType,
  tileState,
}: {
  expanded: ExpandedCase;
  document: GeneratedDocument;
  documentType: IssuedDocumentType;
  tileState: SectionState | undefined;
}) {
  return (
    <AcceptancePanel
      key={document.documentId}
      expanded={expanded}
      document={document}
      tileState={tileState}
      feedbackPoint={documentType === 'COMPLETION_STATEMENT' ? 'ACCEPT_COMPLETION_STATEMENT' : null}
      acceptedToast={ISSUED_DOCUMENTS[documentType].acceptedToast}
    />
  );
}

/**
 * The latest issued (non-draft) document of a type, or 'not ready yet': what it is, View (its
 * /view page, when it has one), Download, and Accept for an owner or buyer who has not
 * (AcceptancePanel). Accepting the completion statement asks for feedback
 * (ACCEPT_COMPLETION_STATEMENT, FEEDBACK-03).
 */
export function IssuedDocument({
  expanded,
  documentType,
  tileState,
  viewPage,
}: {
  expanded: ExpandedCase;
  documentType: IssuedDocumentType;
  tileState: SectionState | undefined;
  viewPage?: ViewPage;
}) {
  const texts = ISSUED_DOCUMENTS[documentType];
  const document = latestIssued(expanded, documentType);
  if (!document) {
    return (
      <Alert severity="info" role="status">
        {texts.notReady}
      </Alert>
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
        {viewPage && (
          <ButtonLink
            variant="contained"
            to="/$caseType/$caseId/$tile/view"
            params={{ caseType: viewPage.kind, caseId: viewPage.caseId, tile: viewPage.tile }}
            startIcon={<Visibility aria-hidden="true" />}
            aria-label={`${ACCEPT_TEXTS.view} ${texts.title}`}
          >
            {ACCEPT_TEXTS.view}
          </ButtonLink>
        )}
        <DownloadButton documentId={document.documentId} title={texts.title} />
      </Stack>
      <Acceptance
        expanded={expanded}
        document={document}
        documentType={documentType}
        tileState={tileState}
      />
    </Stack>
  );
}

/**
 * A remortgage's /mortgage-report and a purchase's /client-care-letter, and either's
 * /completion-statement (REM-POST-08..15, BUY-POST-05..09, BUY-POST-18..21), and their /view
 * pages. The tile page is IssuedDocument with View. The /view page shows the PDF inline with the
 * same Accept under it; on a phone a Download button stands in for the viewer. The mortgage
 * report page is the one the spec names for tracking ('mortgage_report_accept'); the app has no
 * page tracking yet.
 */
export function IssuedDocumentTile({
  kind,
  caseId,
  tile,
  expanded,
  view,
}: {
  kind: CaseKind;
  caseId: string;
  tile: string;
  expanded: ExpandedCase;
  view: boolean;
}) {
  const documentType = DOCUMENT_TILES[tile];
  const texts = ISSUED_DOCUMENTS[documentType];
  const document = latestIssued(expanded, documentType);
  const tileState = expanded.view.tiles.find((t) => t.key === tile)?.state;
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });

  if (!view || !document) {
    return (
      <IssuedDocument
        expanded={expanded}
        documentType={documentType}
        tileState={tileState}
        viewPage={{ kind, caseId, tile }}
      />
    );
  }

  return (
    <Stack spacing={3} data-document-id={document.documentId}>
      <Box>
        <RouterLink to="/$caseType/$caseId/$tile" params={{ caseType: kind, caseId, tile }}>
          {ACCEPT_TEXTS.backTo(texts.title)}
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
          <DocumentFrame
            key={document.documentId}
            documentId={document.documentId}
            title={texts.title}
          />
          <DownloadButton documentId={document.documentId} title={texts.title} />
        </>
      )}
      <Acceptance
        expanded={expanded}
        document={document}
        documentType={documentType}
        tileState={tileState}
      />
    </Stack>
  );
}
