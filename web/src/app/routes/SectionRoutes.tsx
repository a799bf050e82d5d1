import { getRouteApi } from '@tanstack/react-router';
import { KeyFactsEditPage } from '../../features/application';
import { SectionPage } from './SectionPage';

const sectionRoute = getRouteApi('/protected/$caseType/$caseId/application/$section');
const keyFactsEditRoute = getRouteApi('/protected/$caseType/$caseId/application/key-facts/edit');

/** /{caseType}/{caseId}/application/{section}. */
export function CaseSectionRoute() {
  const { caseType, caseId, section } = sectionRoute.useParams();
  return <SectionPage kind={caseType} caseId={caseId} sectionKey={section} />;
}

/** /remortgaging/{caseId}/application/key-facts/edit and /buying/{caseId}/…/key-facts/edit. */
export function CaseKeyFactsEditRoute() {
  const { caseType, caseId } = keyFactsEditRoute.useParams();
  return <KeyFactsEditPage key={caseId} kind={caseType} caseId={caseId} />;
}
