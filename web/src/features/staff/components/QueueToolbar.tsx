import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import { Button, IconButton, Stack } from '@mui/material';
import { statusLabel } from '../../../lib/labels';
import { FilterMenu } from '../../../components/FilterMenu';
import { NameSearch } from '../../../components/NameSearch';
import {
  DEFAULT_CASE_TYPE,
  DEFAULT_QUEUE_DIRECTION,
  DEFAULT_QUEUE_SORT,
  QUEUE_STATUSES,
  WAITS_ON_CHOICES,
  withQueueFilter,
  type QueueSearch,
} from '../search';
import { STAFF_TEXTS, WAITS_ON_FILTER } from '../texts';
import type { StaffMember } from '../types';

const ANYONE = 'anyone';

/**
 * The sort fields offered. The queue sorts by the case lists' fields: UPDATED_AT is any change to
 * the case (a move included), so it is called 'Last updated', not 'Last moved'.
 */
export const SORT_LABELS = { UPDATED_AT: 'Last updated', CREATED_AT: 'Created' } as const;

/** The queue's filters: status, assignee, who it waits on, name, sort and its direction, reset. */
export function QueueToolbar({
  search,
  members,
  onChange,
}: {
  search: QueueSearch;
  members: StaffMember[];
  onChange: (next: QueueSearch) => void;
}) {
  const change = (patch: Partial<QueueSearch>) => onChange(withQueueFilter(search, patch));
  const caseType = search.caseType ?? DEFAULT_CASE_TYPE;
  const direction = search.sortDirection ?? DEFAULT_QUEUE_DIRECTION;
  return (
    <Stack
      role="toolbar"
      aria-label="Work queue filters"
      direction="row"
      sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}
    >
      <NameSearch
        value={search.name ?? ''}
        placeholder={STAFF_TEXTS.namePlaceholder}
        onSearch={(name) => change({ name: name.trim() === '' ? undefined : name })}
      />
      <FilterMenu
        label="Status"
        multiple
        groups={[
          {
            options: QUEUE_STATUSES[caseType].map((s) => ({ value: s, label: statusLabel(s) })),
          },
        ]}
        selected={search.status ?? []}
        onChange={(status) => change({ status })}
      />
      <FilterMenu
        label="Assignee"
        groups={[
          {
            options: [
              { value: ANYONE, label: STAFF_TEXTS.anyone },
              { value: 'me', label: 'Me' },
              { value: 'unassigned', label: STAFF_TEXTS.unassigned },
            ],
          },
          ...(members.length > 0
            ? [{ label: 'Staff', options: members.map((m) => ({ value: m.id, label: m.name })) }]
            : []),
        ]}
        selected={[search.assignee ?? ANYONE]}
        onChange={([assignee]) => change({ assignee: assignee === ANYONE ? undefined : assignee })}
      />
      <FilterMenu
        label={STAFF_TEXTS.waitingOn}
        groups={[
          {
            options: [
              { value: ANYONE, label: STAFF_TEXTS.anyone },
              ...WAITS_ON_CHOICES.map((w) => ({ value: w, label: WAITS_ON_FILTER[w] })),
            ],
          },
        ]}
        selected={[search.waitsOn ?? ANYONE]}
        onChange={([waitsOn]) => change({ waitsOn: WAITS_ON_CHOICES.find((w) => w === waitsOn) })}
      />
      <FilterMenu
        label="Sort by"
        groups={[
          {
            options: [
              { value: 'UPDATED_AT', label: SORT_LABELS.UPDATED_AT },
              { value: 'CREATED_AT', label: SORT_LABELS.CREATED_AT },
            ],
          },
        ]}
        selected={[search.sortBy ?? DEFAULT_QUEUE_SORT]}
        onChange={([sortBy]) =>
          change({ sortBy: sortBy === 'CREATED_AT' ? 'CREATED_AT' : 'UPDATED_AT' })
        }
      />
      {/* The name says what pressing does; the arrow shows the current order. */}
      <IconButton
        aria-label={direction === 'ASC' ? 'Sort newest first' : 'Sort oldest first'}
        title={
          direction === 'ASC'
            ? 'Oldest first: sort newest first'
            : 'Newest first: sort oldest first'
        }
        onClick={() => change({ sortDirection: direction === 'ASC' ? 'DESC' : 'ASC' })}
      >
        {direction === 'ASC' ? <ArrowUpward /> : <ArrowDownward />}
      </IconButton>
      <Button
        size="small"
        onClick={() => onChange(withQueueFilter({ caseType: search.caseType }, {}))}
      >
        Reset filters
      </Button>
    </Stack>
  );
}
