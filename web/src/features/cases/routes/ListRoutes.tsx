import { useNavigate, useSearch } from '@tanstack/react-router';
import { CaseListPage } from '../components/CaseListPage';
import type { CaseKind } from '../caseTypes';
import { parseListSearch, type ListSearch } from '../search';

function useListSearch(kind: CaseKind): [ListSearch, (next: ListSearch) => void] {
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const search = parseListSearch(kind, raw);
  const onChange = (next: ListSearch) =>
    void navigate({ to: kind === 'remortgaging' ? '/remortgaging' : '/buying', search: next });
  return [search, onChange];
}

/** /remortgaging — 'Remortgaging Cases'. */
export function RemortgagingListRoute() {
  const [search, onChange] = useListSearch('remortgaging');
  return <CaseListPage kind="remortgaging" search={search} onSearchChange={onChange} />;
}

/** /buying — 'Buying Cases'. */
export function BuyingListRoute() {
  const [search, onChange] = useListSearch('buying');
  return <CaseListPage kind="buying" search={search} onSearchChange={onChange} />;
}
