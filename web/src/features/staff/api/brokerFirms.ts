import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { BrokerFirm } from '../types';
import { staffUnwrap } from './client';

const FIRMS_KEY = ['staff', 'broker-firms'] as const;

/** GET /staff/broker-firms — every broker firm with its referral fee (administrators only). */
export async function listBrokerFirms(signal?: AbortSignal): Promise<BrokerFirm[]> {
  return staffUnwrap(await api().GET('/staff/broker-firms', { signal }));
}

export function useBrokerFirms() {
  return useQuery({ queryKey: FIRMS_KEY, queryFn: ({ signal }) => listBrokerFirms(signal) });
}

/** PUT /staff/broker-firms/{firmId}/referral-fee — pence per introduced client. */
export function useSetReferralFee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['staff', 'broker-firms', 'referral-fee'],
    mutationFn: async ({ firmId, referralFee }: { firmId: number; referralFee: number }) =>
      staffUnwrap(
        await api().PUT('/staff/broker-firms/{firmId}/referral-fee', {
          params: { path: { firmId } },
          body: { referralFee },
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: FIRMS_KEY }),
  });
}
