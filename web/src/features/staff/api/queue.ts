import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_FRESH_MS, CASES_REFETCH_MS } from '../../../lib/constants';
import type { StaffMember, StaffQueuePage, StaffQueueQuery } from '../types';
import { api } from '../../../lib/api/client';
import { staffUnwrap } from './client';

/** GET /staff/cases — one page of the work queue (statuses repeat as `status=…&status=…`). */
export async function listQueue(
  query: StaffQueueQuery,
  signal?: AbortSignal,
): Promise<StaffQueuePage> {
  return staffUnwrap(await api().GET('/staff/cases', { params: { query }, signal }));
}

export const queueQuery = (query: StaffQueueQuery) =>
  queryOptions({
    queryKey: ['staff', 'queue', query],
    queryFn: ({ signal }) => listQueue(query, signal),
    staleTime: LIST_FRESH_MS,
    refetchInterval: CASES_REFETCH_MS,
    placeholderData: keepPreviousData,
  });

export function useQueue(query: StaffQueueQuery) {
  return useQuery(queueQuery(query));
}

/** GET /staff/members — who a case may be assigned to. */
export async function listMembers(signal?: AbortSignal): Promise<StaffMember[]> {
  return staffUnwrap(await api().GET('/staff/members', { signal }));
}

export function useMembers() {
  return useQuery({
    queryKey: ['staff', 'members'],
    queryFn: ({ signal }) => listMembers(signal),
    staleTime: 5 * 60 * 1000,
  });
}
