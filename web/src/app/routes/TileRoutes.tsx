import { getRouteApi } from '@tanstack/react-router';
import { useCase, type CaseKind } from '../../features/cases';
import { TilePage } from '../../features/tiles';

const tileRoute = getRouteApi('/protected/$caseType/$caseId/$tile');
const tileViewRoute = getRouteApi('/protected/$caseType/$caseId/$tile/view');

/** A post-submit tile's page is the tiles feature's (its heading included). */
function TileSectionPage({ kind, caseId, tile }: { kind: CaseKind; caseId: string; tile: string }) {
  useCase(kind, caseId);
  return <TilePage kind={kind} caseId={caseId} tile={tile} />;
}

/** /{caseType}/{caseId}/{tile}. */
export function CaseTileRoute() {
  const { caseType, caseId, tile } = tileRoute.useParams();
  return <TileSectionPage kind={caseType} caseId={caseId} tile={tile} />;
}

/** /remortgaging/{caseId}/mortgage-report/view and /completion-statement/view. */
export function CaseTileViewRoute() {
  const { caseType, caseId, tile } = tileViewRoute.useParams();
  return <TilePage key={`${caseId}-${tile}`} kind={caseType} caseId={caseId} tile={tile} view />;
}
