import { getRouteApi } from '@tanstack/react-router';
import { StartCasePage } from '../../features/cases/lazy';

const startRoute = getRouteApi('/protected/$caseType/start');

/** /remortgaging/start and /buying/start. */
export function StartCaseRoute() {
  const { caseType } = startRoute.useParams();
  return <StartCasePage kind={caseType} />;
}
