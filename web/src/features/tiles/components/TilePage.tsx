import { Alert, Box } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Loading } from '../../../components/Loading';
import { PageHeading } from '../../../components/PageHeading';
import { RouterLink } from '../../../components/RouterLink';
import type { ExpandedCase } from '../../../lib/api/types';
import { isBuying } from '../../application';
import { caseQuery, type CaseKind } from '../../cases';
import { FeedbackPrompt } from '../../feedback';
import { TILE_TEXTS } from '../texts';
import { ApplicationReviewTile } from './ApplicationReviewTile';
import { ContractPackTile } from './ContractPackTile';
import { DepositTile } from './DepositTile';
import { DocumentsTile } from './DocumentsTile';
import { IdentificationTile } from './IdentificationTile';
import { DOCUMENT_TILES, IssuedDocumentTile } from './IssuedDocumentTile';
import { SearchesTile } from './SearchesTile';

function TileBody({
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
  if (tile in DOCUMENT_TILES) {
    return (
      <IssuedDocumentTile kind={kind} caseId={caseId} tile={tile} expanded={expanded} view={view} />
    );
  }
  switch (tile) {
    case 'application-review':
      return <ApplicationReviewTile caseId={caseId} expanded={expanded} />;
    case 'identification':
      return <IdentificationTile expanded={expanded} />;
    case 'documents':
      return <DocumentsTile kind={kind} caseId={caseId} expanded={expanded} />;
  }
  // A purchase's own tiles.
  if (!isBuying(expanded)) return null;
  switch (tile) {
    case 'deposit':
      return <DepositTile caseId={caseId} expanded={expanded} />;
    case 'searches':
      return <SearchesTile expanded={expanded} />;
    case 'contract-pack':
      return <ContractPackTile expanded={expanded} />;
    default:
      return null;
  }
}

/**
 * A post-submit tile's page, /{caseType}/{caseId}/{tile} (and /{tile}/view for a document):
 * its heading (the engine's label), a way back to the case, and the tile's screen (spec §2, §4
 * "Remortgaging post-submit tiles" and "Buying post-submit tiles"). The router's guard has
 * already sent a locked or hidden tile to the case list.
 */
export function TilePage({
  kind,
  caseId,
  tile,
  view = false,
}: {
  kind: CaseKind;
  caseId: string;
  tile: string;
  view?: boolean;
}) {
  const query = useQuery(caseQuery(kind, caseId));
  if (query.isPending) return <Loading label={TILE_TEXTS.loading} />;
  if (query.isError) {
    return (
      <Alert severity="error" role="alert">
        {TILE_TEXTS.loadError}
      </Alert>
    );
  }
  const expanded = query.data;
  const entry = expanded.view.tiles.find((t) => t.key === tile);
  return (
    <Box sx={{ maxWidth: view ? 1100 : 880, minWidth: 0 }} data-tile={tile}>
      <Box sx={{ mb: 1 }}>
        <RouterLink to="/$caseType/$caseId" params={{ caseType: kind, caseId }}>
          {TILE_TEXTS.backToCase}
        </RouterLink>
      </Box>
      <PageHeading>{entry?.label ?? 'Case'}</PageHeading>
      <TileBody
        key={`${caseId}-${tile}`}
        kind={kind}
        caseId={caseId}
        tile={tile}
        expanded={expanded}
        view={view}
      />
      <FeedbackPrompt
        caseType={expanded.caseType}
        caseId={expanded.id}
        feedbackGiven={expanded.feedbackGiven}
      />
    </Box>
  );
}
