import { getRouteApi } from '@tanstack/react-router';
import { QueuePage } from '../components/QueuePage';
import { StaffCasePage } from '../components/StaffCasePage';
import { parseQueueSearch, type QueueSearch } from '../search';

const queueRoute = getRouteApi('/staff/');
const caseRoute = getRouteApi('/staff/cases/$caseType/$caseId');

/**
 * /staff — the work queue, its filters in the URL. Parsed again here: the route's search also
 * carries the raw values its parents pass on (as the customer lists do).
 */
export function QueueRoute() {
  const search = parseQueueSearch(queueRoute.useSearch());
  const navigate = queueRoute.useNavigate();
  const onChange = (next: QueueSearch) => void navigate({ to: '/staff', search: next });
  return <QueuePage search={search} onSearchChange={onChange} />;
}

/** /staff/cases/{remortgaging|buying}/{caseId}. */
export function StaffCaseRoute() {
  const { caseType, caseId } = caseRoute.useParams();
  return <StaffCasePage key={`${caseType}-${caseId}`} kind={caseType} caseId={caseId} />;
}
