import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { Schemas } from '../../../lib/api/types';

/** The statement a buyer ticks before paying, its version, and when they ticked it. */
export type WorkStartWording = Schemas['WorkStartWording'];

/**
 * GET /buying/{caseId}/work-start-request: the server's words (workflows/fees.toml) asking the
 * firm to start work within the 14-day cancellation period (Consumer Contracts Regulations
 * 2013, reg. 36). The payment sends its `version` back with the tick.
 */
export const workStartQuery = (caseId: string) =>
  queryOptions({
    queryKey: ['cases', 'buying', 'work-start-request', caseId],
    queryFn: async ({ signal }) =>
      unwrap(
        await api().GET('/buying/{caseId}/work-start-request', {
          params: { path: { caseId } },
          signal,
        }),
      ),
  });
