import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { MyDocuments } from '../../../lib/api/types';

/** GET /documents (customers): each of the customer's cases, newest first, with its documents. */
export async function getMyDocuments(signal?: AbortSignal): Promise<MyDocuments> {
  return unwrap(await api().GET('/documents', { signal }));
}

export const myDocumentsQuery = () =>
  queryOptions({
    queryKey: ['documents', 'mine'],
    queryFn: ({ signal }) => getMyDocuments(signal),
  });

export function useMyDocuments(enabled = true) {
  return useQuery({ ...myDocumentsQuery(), enabled });
}
