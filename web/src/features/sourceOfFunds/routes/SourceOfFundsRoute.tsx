import { getRouteApi } from '@tanstack/react-router';
import { SourceOfFundsPage } from '../components/SourceOfFundsPage';

const route = getRouteApi('/protected/$caseType/$caseId/source-of-funds');

/** /buying/{caseId}/source-of-funds. */
export function SourceOfFundsRoute() {
  const { caseId } = route.useParams();
  const { openBanking } = route.useSearch();
  return <SourceOfFundsPage key={caseId} caseId={caseId} openBanking={openBanking} />;
}
