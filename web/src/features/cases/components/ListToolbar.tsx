import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Refresh from '@mui/icons-material/Refresh';
import TableRows from '@mui/icons-material/TableRowsOutlined';
import ViewAgenda from '@mui/icons-material/ViewAgendaOutlined';
import {
  Button,
  CircularProgress,
  IconButton,
  Stack,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import type { ManagedBroker } from '../../../lib/api/types';
import { ButtonLink } from '../../../components/ButtonLink';
import { labelOf, SORT_FIELD_LABELS, statusLabel } from '../../../lib/labels';
import { KIND_WORDS, SEARCH_PLACEHOLDER, SORT_FIELDS, STATUSES, type CaseKind } from '../caseTypes';
import {
  DEFAULT_SORT_BY,
  DEFAULT_SORT_DIRECTION,
  nameParam,
  offerParam,
  withFilter,
  type ListSearch,
} from '../search';
import { FilterMenu, type FilterGroup } from '../../../components/FilterMenu';
import { NameSearch } from '../../../components/NameSearch';

const ROLE_GROUPS: { role: string; label: string }[] = [
  { role: 'ROLE_BROKER', label: 'Brokers' },
  { role: 'ROLE_BROKER_MANAGER', label: 'Managers' },
  { role: 'ROLE_BROKER_ADMIN', label: 'Admins' },
];

/** The broker filter menu, grouped as Brokers, Managers and Admins (spec section 2). */
export function brokerGroups(brokers: ManagedBroker[]): FilterGroup[] {
  return ROLE_GROUPS.map(({ role, label }) => ({
    label,
    options: brokers
      .filter((b) => b.role === role)
      .map((b) => ({ value: b.userId, label: b.preferredName })),
  })).filter((g) => g.options.length > 0);
}

const OFFER_OPTIONS: Record<CaseKind, { any: string; yes: string; no: string }> = {
  remortgaging: { any: 'Any', yes: 'Uploaded', no: 'Pending' },
  buying: { any: 'Any', yes: 'Paid', no: 'Pending' },
};

/** The broker's toolbar: new case, name search, filters, sort, collapse, reload, reset. */
export function ListToolbar({
  kind,
  search,
  onChange,
  managedBrokers,
  collapsed,
  onToggleCollapsed,
  reloading = false,
  onReload,
}: {
  kind: CaseKind;
  search: ListSearch;
  onChange: (next: ListSearch) => void;
  managedBrokers: ManagedBroker[];
  collapsed: boolean;
  onToggleCollapsed: () => void;
  /** The list is being fetched again: the button spins so a slow or failing reload shows. */
  reloading?: boolean;
  onReload: () => void;
}) {
  const small = useMediaQuery((t: Theme) => t.breakpoints.down('sm'), { noSsr: true });
  const offerKey = offerParam(kind);
  const offer = search[offerKey];
  const labels = OFFER_OPTIONS[kind];
  const direction = search.sortDirection ?? DEFAULT_SORT_DIRECTION;
  const change = (patch: Partial<ListSearch>) => onChange(withFilter(search, patch));

  return (
    <Stack spacing={1.5} sx={{ mb: 2 }} role="toolbar" aria-label="Case list tools">
      {/* Only `gap`, no `spacing`: spacing's left margin stayed on the search box when it
          wrapped under 'New', leaving it 8 px off the other controls on phones. */}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <ButtonLink
          to="/$caseType/start"
          params={{ caseType: kind }}
          variant="contained"
          startIcon={<Add />}
        >
          {small ? 'New' : 'New case'}
        </ButtonLink>
        <NameSearch
          value={search[nameParam(kind)] ?? ''}
          placeholder={SEARCH_PLACEHOLDER[kind]}
          onSearch={(value) =>
            change({ [nameParam(kind)]: value.trim() === '' ? undefined : value })
          }
        />
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        {managedBrokers.length > 0 && (
          <FilterMenu
            label="Broker"
            multiple
            groups={brokerGroups(managedBrokers)}
            selected={search.brokerUserIds ?? []}
            onChange={(ids) => change({ brokerUserIds: ids })}
          />
        )}
        <FilterMenu
          label="Status"
          multiple
          groups={[{ options: STATUSES[kind].map((s) => ({ value: s, label: statusLabel(s) })) }]}
          selected={search.status ?? []}
          onChange={(status) => change({ status })}
        />
        <FilterMenu
          label={KIND_WORDS[kind].flag}
          groups={[
            {
              options: [
                { value: 'any', label: labels.any },
                { value: 'true', label: labels.yes },
                { value: 'false', label: labels.no },
              ],
            },
          ]}
          selected={[offer === undefined ? 'any' : String(offer)]}
          onChange={([v]) => change({ [offerKey]: v === 'any' ? undefined : v === 'true' })}
        />
        <FilterMenu
          label="Sort by"
          groups={[
            {
              options: SORT_FIELDS[kind].map((f) => ({
                value: f,
                label: labelOf(SORT_FIELD_LABELS, f),
              })),
            },
          ]}
          selected={[search.sortBy ?? DEFAULT_SORT_BY]}
          onChange={([sortBy]) => change({ sortBy })}
        />
        {/* The name says what pressing does (issue 15); the arrow shows the current order. */}
        <IconButton
          aria-label={direction === 'DESC' ? 'Sort ascending' : 'Sort descending'}
          title={
            direction === 'DESC'
              ? 'Sort ascending (oldest first)'
              : 'Sort descending (newest first)'
          }
          onClick={() => change({ sortDirection: direction === 'DESC' ? 'ASC' : 'DESC' })}
        >
          {direction === 'DESC' ? <ArrowDownward /> : <ArrowUpward />}
        </IconButton>
        <IconButton
          aria-label={collapsed ? 'Show as cards' : 'Show as table'}
          title={collapsed ? 'Show as cards' : 'Show as table'}
          onClick={onToggleCollapsed}
        >
          {collapsed ? <ViewAgenda /> : <TableRows />}
        </IconButton>
        <IconButton aria-label="Reload" title="Reload" aria-busy={reloading} onClick={onReload}>
          {reloading ? <CircularProgress size={24} aria-hidden="true" /> : <Refresh />}
        </IconButton>
        <Button size="small" onClick={() => onChange({})}>
          Reset filters
        </Button>
      </Stack>
    </Stack>
  );
}
