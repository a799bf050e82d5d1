import { getRouteApi } from '@tanstack/react-router';
import { CaseDocumentsPage } from './CaseDocumentsPage';

const route = getRouteApi('/protected/documents/$caseType/$caseId');

/** /documents/remortgaging/{caseId} and /documents/buying/{caseId}. */
export function CaseDocumentsRoute() {
  const { caseType, caseId } = route.useParams();
  return <CaseDocumentsPage key={`${caseType}-${caseId}`} kind={caseType} caseId={caseId} />;
}
