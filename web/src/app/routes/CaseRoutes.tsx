import { getRouteApi } from '@tanstack/react-router';
import { KeyFactsEditPage } from '../../features/application';
import { StartCasePage } from '../../features/cases/lazy';
import { TilePage } from '../../features/tiles';
import { CasePage, SectionPage } from './CasePage';

const startRoute = getRouteApi('/protected/$caseType/start');
const caseRoute = getRouteApi('/protected/$caseType/$caseId');
const sectionRoute = getRouteApi('/protected/$caseType/$caseId/application/$section');
const tileRoute = getRouteApi('/protected/$caseType/$caseId/$tile');
const tileViewRoute = getRouteApi('/protected/$caseType/$caseId/$tile/view');
const keyFactsEditRoute = getRouteApi('/protected/$caseType/$caseId/application/key-facts/edit');

/** /remortgaging/start and /buying/start. */
export function StartCaseRoute() {
  const { caseType } = startRoute.useParams();
  return <StartCasePage kind={caseType} />;
}

/** /remortgaging/{caseId} and /buying/{caseId}. */
export function CaseRoute() {
  const { caseType, caseId } = caseRoute.useParams();
  return <CasePage key={caseId} kind={caseType} caseId={caseId} />;
}

/** /{caseType}/{caseId}/application/{section}. */
export function CaseSectionRoute() {
  const { caseType, caseId, section } = sectionRoute.useParams();
  return <SectionPage kind={caseType} caseId={caseId} where="sections" sectionKey={section} />;
}

/** /remortgaging/{caseId}/application/key-facts/edit and /buying/{caseId}/…/key-facts/edit. */
export function CaseKeyFactsEditRoute() {
  const { caseType, caseId } = keyFactsEditRoute.useParams();
  return <KeyFactsEditPage key={caseId} kind={caseType} caseId={caseId} />;
}

/** /{caseType}/{caseId}/{tile}. */
export function CaseTileRoute() {
  const { caseType, caseId, tile } = tileRoute.useParams();
  return <SectionPage kind={caseType} caseId={caseId} where="tiles" sectionKey={tile} />;
}

/** /remortgaging/{caseId}/mortgage-report/view and /completion-statement/view. */
export function CaseTileViewRoute() {
  const { caseType, caseId, tile } = tileViewRoute.useParams();
  return <TilePage key={`${caseId}-${tile}`} kind={caseType} caseId={caseId} tile={tile} view />;
}
