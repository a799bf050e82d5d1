import { Alert, Box, Pagination, Stack, Tab, Tabs, Typography } from '@mui/material';
import { Loading } from '../../../components/Loading';
import { PageHeading } from '../../../components/PageHeading';
import { useMembers, useQueue } from '../api/queue';
import {
  DEFAULT_CASE_TYPE,
  QUEUE_PAGE_SIZE,
  hasQueueFilters,
  queueRequest,
  withQueueFilter,
  type QueueSearch,
} from '../search';
import { isSecondFactorRequired } from '../secondFactor';
import { STAFF_TEXTS } from '../texts';
import type { StaffCaseType } from '../types';
import { KIND_WORDS } from '../../cases';
import { caseKindOf } from '../../documents';
import { QueueList } from './QueueList';
import { QueueToolbar } from './QueueToolbar';

const TABS: { value: StaffCaseType; label: string }[] = [
  { value: 'REMORTGAGING', label: 'Remortgaging' },
  { value: 'BUYING', label: 'Buying' },
];

const tabId = (caseType: StaffCaseType) => `queue-tab-${caseType.toLowerCase()}`;

export function countLine(shown: number, total: number): string {
  return `Showing ${shown} of ${total} case(s)`;
}

/** /staff — the work queue: every case of a type, filtered and sorted from the URL. */
export function QueuePage({
  search,
  onSearchChange,
}: {
  search: QueueSearch;
  onSearchChange: (next: QueueSearch) => void;
}) {
  const caseType = search.caseType ?? DEFAULT_CASE_TYPE;
  const query = useQueue(queueRequest(search));
  const members = useMembers();
  const data = query.data;
  const label = KIND_WORDS[caseKindOf(caseType)].cases;

  let body;
  if (query.isPending) {
    body = <Loading label="Loading cases" />;
  } else if (data) {
    const pages = Math.ceil(data.totalCount / QUEUE_PAGE_SIZE);
    body =
      data.items.length === 0 ? (
        <Typography role="status" sx={{ py: 4 }}>
          {hasQueueFilters(search) ? STAFF_TEXTS.queueFilteredEmpty : STAFF_TEXTS.queueEmpty}
        </Typography>
      ) : (
        <Stack spacing={2}>
          <Typography role="status" variant="body2" color="text.secondary">
            {countLine(data.items.length, data.totalCount)}
          </Typography>
          <QueueList items={data.items} label={label} />
          {pages > 1 && (
            <Box sx={{ display: 'flex', justifyContent: 'center' }}>
              <Pagination
                count={pages}
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
      <PageHeading>{STAFF_TEXTS.queueHeading}</PageHeading>
      <Tabs
        value={caseType}
        onChange={(_, value: StaffCaseType) =>
          onSearchChange(withQueueFilter(search, { caseType: value }))
        }
        aria-label="Case type"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((tab) => (
          <Tab
            key={tab.value}
            value={tab.value}
            label={tab.label}
            id={tabId(tab.value)}
            aria-controls="queue-panel"
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id="queue-panel" aria-labelledby={tabId(caseType)}>
        <QueueToolbar search={search} members={members.data ?? []} onChange={onSearchChange} />
        {query.isError && !isSecondFactorRequired(query.error) && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {STAFF_TEXTS.queueLoadError}
          </Alert>
        )}
        {body}
      </Box>
    </Box>
  );
}
