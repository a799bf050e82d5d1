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
  REPLY_CHOICES,
  SORT_CHOICES,
  TASK_DUE_CHOICES,
  WAITS_ON_CHOICES,
  withQueueFilter,
  type QueueSearch,
} from '../search';
import { REPLY_FILTER, SORT_ORDER_TEXTS, TASK_DUE_FILTER, WAITS_ON_FILTER } from '../queueTexts';
import { STAFF_TEXTS } from '../texts';
import type { StaffMember, StaffSortField } from '../types';

const ANYONE = 'anyone';

/**
 * The sort fields offered. UPDATED_AT is any change to the case (a move included), so it is
 * called 'Last updated', not 'Last moved'; NEXT_TASK_DUE_ON is the earliest due date of the
 * case's open legal-file tasks (cases without one last); REPLY_DUE_AT when the firm's reply to
 * a waiting message is due (cases with none waiting last).
 */
export const SORT_LABELS: Record<StaffSortField, string> = {
  UPDATED_AT: 'Last updated',
  CREATED_AT: 'Created',
  NEXT_TASK_DUE_ON: 'Next task due',
  REPLY_DUE_AT: 'Reply due',
};

/** The sorts by a deadline, whose direction reads as soonest or latest first. */
const DEADLINES: StaffSortField[] = ['NEXT_TASK_DUE_ON', 'REPLY_DUE_AT'];

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
  const sortBy = search.sortBy ?? DEFAULT_QUEUE_SORT;
  const order = SORT_ORDER_TEXTS[DEADLINES.includes(sortBy) ? 'due' : 'age'][direction];
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
        label={STAFF_TEXTS.legalFile}
        groups={[
          {
            options: [
              { value: ANYONE, label: STAFF_TEXTS.anyCase },
              ...TASK_DUE_CHOICES.map((t) => ({ value: t, label: TASK_DUE_FILTER[t] })),
            ],
          },
        ]}
        selected={[search.taskDue ?? ANYONE]}
        onChange={([taskDue]) => change({ taskDue: TASK_DUE_CHOICES.find((t) => t === taskDue) })}
      />
      <FilterMenu
        label={STAFF_TEXTS.messages}
        groups={[
          {
            options: [
              { value: ANYONE, label: STAFF_TEXTS.anyCase },
              ...REPLY_CHOICES.map((r) => ({ value: r, label: REPLY_FILTER[r] })),
            ],
          },
        ]}
        selected={[search.reply ?? ANYONE]}
        onChange={([reply]) => change({ reply: REPLY_CHOICES.find((r) => r === reply) })}
      />
      <FilterMenu
        label="Sort by"
        groups={[{ options: SORT_CHOICES.map((f) => ({ value: f, label: SORT_LABELS[f] })) }]}
        selected={[sortBy]}
        onChange={([chosen]) => change({ sortBy: SORT_CHOICES.find((f) => f === chosen) })}
      />
      {/* The name says what pressing does; the arrow shows the current order. */}
      <IconButton
        aria-label={order.press}
        title={order.title}
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
