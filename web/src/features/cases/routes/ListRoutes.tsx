import { getRouteApi } from '@tanstack/react-router';
import { CaseListPage } from '../components/CaseListPage';
import { parseListSearch, type ListSearch } from '../search';

const listRoute = getRouteApi('/protected/$caseType/');

/** /remortgaging — 'Remortgaging Cases'; /buying — 'Buying Cases'. */
export function CaseListRoute() {
  const { caseType } = listRoute.useParams();
  const search = parseListSearch(caseType, listRoute.useSearch());
  const navigate = listRoute.useNavigate();
  const onChange = (next: ListSearch) =>
    void navigate({ to: '/$caseType', params: { caseType }, search: next });
  return <CaseListPage kind={caseType} search={search} onSearchChange={onChange} />;
}
