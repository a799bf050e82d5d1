import { getRouteApi } from '@tanstack/react-router';
import { CasePage } from './CasePage';

// The case pages' screens are four chunks, loaded by the router as they are needed: the case
// page (here), the start page (StartRoutes.tsx, with the key-facts form), the application's
// sections (SectionRoutes.tsx) and the post-submit tiles (TileRoutes.tsx).

const caseRoute = getRouteApi('/protected/$caseType/$caseId');

/** /remortgaging/{caseId} and /buying/{caseId}. */
export function CaseRoute() {
  const { caseType, caseId } = caseRoute.useParams();
  return <CasePage key={caseId} kind={caseType} caseId={caseId} />;
}
