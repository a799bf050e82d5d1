import { Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { Schemas } from '../../../lib/api/types';
import { formatDateTime } from '../../../lib/format';
import { staffUnwrap } from '../api/client';
import { Detail, Details, Panel } from './Panel';

type WorkStartRequest = Schemas['StaffWorkStartRequest'];

export const WORK_START_TEXTS = {
  heading: 'Request to start work within 14 days',
  intro:
    'Who asked us to start work within the 14-day cancellation period (Consumer Contracts Regulations 2013, reg. 36), when, and which wording they ticked. If they cancel in time, we may charge only for the work done since.',
  none: 'No buyer has asked yet: it is asked for with the up-front payment.',
  requestedAt: 'Asked on',
  wording: 'Wording version',
} as const;

/**
 * GET /staff/cases/buying/{caseId}/work-start-requests: the buyers' express requests, recorded
 * when they start the up-front payment.
 */
export function WorkStartRequestsPanel({ caseId }: { caseId: string }) {
  const query = useQuery({
    queryKey: ['staff', 'case', 'buying', caseId, 'work-start-requests'],
    queryFn: async ({ signal }): Promise<WorkStartRequest[]> =>
      staffUnwrap(
        await api().GET('/staff/cases/{caseType}/{caseId}/work-start-requests', {
          params: { path: { caseType: 'buying', caseId } },
          signal,
        }),
      ),
  });
  const requests = query.data ?? [];
  return (
    <Panel title={WORK_START_TEXTS.heading}>
      <Stack spacing={1.5} data-testid="work-start-requests">
        <Typography variant="body2" color="text.secondary">
          {WORK_START_TEXTS.intro}
        </Typography>
        {query.isSuccess && requests.length === 0 && (
          <Typography>{WORK_START_TEXTS.none}</Typography>
        )}
        {requests.map((r) => (
          <Stack key={`${r.userId}-${r.wordingVersion}`} spacing={0.5}>
            <Typography sx={{ fontWeight: 600 }}>{r.name}</Typography>
            <Details>
              <Detail term={WORK_START_TEXTS.requestedAt}>{formatDateTime(r.requestedAt)}</Detail>
              <Detail term={WORK_START_TEXTS.wording}>{r.wordingVersion}</Detail>
            </Details>
          </Stack>
        ))}
      </Stack>
    </Panel>
  );
}
