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
import { runtimeConfig } from '../../../lib/config';
import { useSession } from '../../auth';
import { useManagedBrokers } from '../api/getManagedBrokers';
import { useCases } from '../api/listCases';
import { CASE_TYPE, LIST_TITLE, type CaseKind } from '../caseTypes';
import { caseRows, type CaseRow } from '../rows';
import { hasFilters, listQuery, type ListSearch } from '../search';
import { readCollapsed, writeCollapsed } from '../storage';
import { LOAD_ERROR } from '../texts';
import { CancelCaseDialog, type CancelTarget } from './CancelCaseDialog';
import { CaseCard } from './CaseCard';
import { CaseTable } from './CaseTable';
import { ListToolbar } from './ListToolbar';

/** Spec section 2 (Case lists), word for word. */
export const LIST_TEXTS = {
  filteredEmpty: '0 cases found, please try resetting your filters',
  unfilteredEmpty:
    "We couldn't find any cases for you yet, once you create a case you will be able to see it here.",
  loadError: LOAD_ERROR,
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
  // LIST-34: a map on large screens, drawn only when a maps service is configured: without
  // one it was 220 px of grey on every card (issue 15).
  const largeScreen = useMediaQuery((t: Theme) => t.breakpoints.up('lg'), { noSsr: true });
  const maps = largeScreen ? runtimeConfig().maps : null;
  const managed = useManagedBrokers(isBroker);
  const query = useCases(kind, listQuery(kind, search, collapsed));
  const [cancelTarget, setCancelTarget] = useState<CancelTarget | null>(null);
  // A 'Reload' in flight (retries included): its button spins until the answer or the error.
  const [reloading, setReloading] = useState(false);

  const data = query.data;
  const rows: CaseRow[] | undefined = data && caseRows(kind, data);
  const onCancel = (row: CaseRow) => setCancelTarget({ caseId: row.id, caseType: CASE_TYPE[kind] });

  // A failed load says so even when an older page is still on screen (a failed 'Reload' or
  // refetch used to leave the old list looking current).
  const loadError = query.isError && (
    <Alert severity="error" role="alert" sx={{ mb: 2 }}>
      {LIST_TEXTS.loadError}
    </Alert>
  );
  let body;
  if (query.isPending) {
    body = <Loading label="Loading cases" />;
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
                  maps={maps}
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
          reloading={reloading}
          onReload={() => {
            setReloading(true);
            void query.refetch().finally(() => setReloading(false));
          }}
        />
      )}
      {loadError}
      {body}
      <CancelCaseDialog target={cancelTarget} onClose={() => setCancelTarget(null)} />
    </Box>
  );
}
