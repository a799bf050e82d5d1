import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { ManagedBrokers } from '../../../lib/api/types';

/** GET /managed-brokers — the brokers a manager or admin may filter by (none for a broker). */
export async function getManagedBrokers(signal?: AbortSignal): Promise<ManagedBrokers> {
  return unwrap(await api().GET('/managed-brokers', { signal }));
}

export const managedBrokersQuery = () =>
  queryOptions({
    queryKey: ['brokers', 'managed'],
    queryFn: ({ signal }) => getManagedBrokers(signal),
  });

export function useManagedBrokers(enabled: boolean) {
  return useQuery({ ...managedBrokersQuery(), enabled });
}
