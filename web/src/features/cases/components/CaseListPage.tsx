import {
  Alert,
  Box,
  Pagination,
  Stack,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useState } from 'react';
import { Loading } from '../../../components/Loading';
import { PageHeading } from '../../../components/PageHeading';
import { useSession } from '../../auth';
import { useBuyingCases } from '../api/listBuyingCases';
import { useManagedBrokers } from '../api/getManagedBrokers';
import { useRemortgagingCases } from '../api/listRemortgagingCases';
import { CASE_TYPE, LIST_TITLE, type CaseKind } from '../caseTypes';
import { buyingRow, remortgagingRow, type CaseRow } from '../rows';
import { buyingQuery, hasFilters, remortgagingQuery, type ListSearch } from '../search';
import { readCollapsed, writeCollapsed } from '../storage';
import { CancelCaseDialog, type CancelTarget } from './CancelCaseDialog';
import { CaseCard } from './CaseCard';
import { CaseTable } from './CaseTable';
import { ListToolbar } from './ListToolbar';

/** Spec section 2 (Case lists), word for word. */
export const LIST_TEXTS = {
  filteredEmpty: '0 cases found, please try resetting your filters',
  unfilteredEmpty:
    "We couldn't find any cases for you yet, once you create a case you will be able to see it here.",
  loadError: "Whoop's something went wrong loading the page please try reloading.",
} as const;

export function countLine(shown: number, total: number): string {
  return `Showing ${shown} case(s) of ${total}`;
}

/** /remortgaging and /buying: the case list (cards, or a table when collapsed). */
export function CaseListPage({
  kind,
  search,
  onSearchChange,
}: {
  kind: CaseKind;
  search: ListSearch;
  onSearchChange: (next: ListSearch) => void;
}) {
  const { isBroker } = useSession();
  const [collapsedPref, setCollapsedPref] = useState(readCollapsed);
  const collapsed = isBroker && collapsedPref;
  const showMap = useMediaQuery((t: Theme) => t.breakpoints.up('lg'), { noSsr: true });
  const managed = useManagedBrokers(isBroker);
  const rem = useRemortgagingCases(remortgagingQuery(search, collapsed), kind === 'remortgaging');
  const buy = useBuyingCases(buyingQuery(search, collapsed), kind === 'buying');
  const [cancelTarget, setCancelTarget] = useState<CancelTarget | null>(null);

  const query = kind === 'remortgaging' ? rem : buy;
  const rows: CaseRow[] | undefined =
    kind === 'remortgaging' ? rem.data?.cases.map(remortgagingRow) : buy.data?.cases.map(buyingRow);
  const data = kind === 'remortgaging' ? rem.data : buy.data;
  const onCancel = (row: CaseRow) => setCancelTarget({ caseId: row.id, caseType: CASE_TYPE[kind] });

  let body;
  if (query.isPending) {
    body = <Loading label="Loading cases" />;
  } else if (query.isError && !data) {
    body = (
      <Alert severity="error" role="alert">
        {LIST_TEXTS.loadError}
      </Alert>
    );
  } else if (data && rows) {
    body =
      rows.length === 0 ? (
        <Typography role="status" sx={{ py: 4 }}>
          {hasFilters(kind, search) ? LIST_TEXTS.filteredEmpty : LIST_TEXTS.unfilteredEmpty}
        </Typography>
      ) : (
        <Stack spacing={2}>
          <Typography role="status" variant="body2" color="text.secondary">
            {countLine(rows.length, data.totalCount)}
          </Typography>
          {collapsed ? (
            <CaseTable kind={kind} rows={rows} onCancel={onCancel} />
          ) : (
            <Stack spacing={2} data-testid="case-cards">
              {rows.map((row) => (
                <CaseCard
                  key={row.id}
                  kind={kind}
                  row={row}
                  isBroker={isBroker}
                  showMap={showMap}
                  onCancel={onCancel}
                />
              ))}
            </Stack>
          )}
          {data.totalPages > 1 && (
            <Box sx={{ display: 'flex', justifyContent: 'center' }}>
              <Pagination
                count={data.totalPages}
                page={(search.page ?? 0) + 1}
                onChange={(_, page) => {
                  const next = { ...search };
                  if (page <= 1) delete next.page;
                  else next.page = page - 1;
                  onSearchChange(next);
                }}
                getItemAriaLabel={(type, page, selected) =>
                  type === 'page'
                    ? `${selected ? '' : 'Go to '}page ${page}`.replace(/^p/, 'P')
                    : `Go to ${type} page`
                }
              />
            </Box>
          )}
        </Stack>
      );
  }

  return (
    <Box>
      <PageHeading>{LIST_TITLE[kind]}</PageHeading>
      {isBroker && (
        <ListToolbar
          kind={kind}
          search={search}
          onChange={onSearchChange}
          managedBrokers={managed.data?.managedBrokers ?? []}
          collapsed={collapsed}
          onToggleCollapsed={() => {
            writeCollapsed(!collapsed);
            setCollapsedPref(!collapsed);
            // The page size changes with the layout, so the page starts again at 0.
            if (search.page) onSearchChange({ ...search, page: undefined });
          }}
          onReload={() => void query.refetch()}
        />
      )}
      {body}
      <CancelCaseDialog target={cancelTarget} onClose={() => setCancelTarget(null)} />
    </Box>
  );
}
