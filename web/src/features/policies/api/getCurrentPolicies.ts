import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { CurrentPolicies } from '../../../lib/api/types';
import {
  DEFAULT_POLICY_VERSION,
  FALLBACK_PRIVACY_URL,
  FALLBACK_TERMS_URL,
  POLICY_STALE_MS,
} from '../../../lib/constants';

/** GET /policies/current */
export async function getCurrentPolicies(signal?: AbortSignal): Promise<CurrentPolicies> {
  return unwrap(await api().GET('/policies/current', { signal }));
}

export const currentPoliciesQuery = () =>
  queryOptions({
    queryKey: ['policies', 'current'],
    queryFn: ({ signal }) => getCurrentPolicies(signal),
    staleTime: POLICY_STALE_MS,
  });

export function useCurrentPolicies() {
  return useQuery(currentPoliciesQuery());
}

export interface ResolvedPolicies {
  privacyVersion: number;
  termsVersion: number;
  privacyUrl: string;
  termsUrl: string;
}

function version(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0
    ? value
    : DEFAULT_POLICY_VERSION;
}

function url(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value : fallback;
}

/**
 * Versions default to 2 when the server omits one; documents fall back to the bundled June 2025
 * copies when no content address is given or the policies could not be loaded.
 */
export function resolvePolicies(data: CurrentPolicies | undefined): ResolvedPolicies {
  return {
    privacyVersion: version(data?.privacyPolicy?.policyVersion),
    termsVersion: version(data?.termsAndConditions?.policyVersion),
    privacyUrl: url(data?.privacyPolicy?.contentUrl, FALLBACK_PRIVACY_URL),
    termsUrl: url(data?.termsAndConditions?.contentUrl, FALLBACK_TERMS_URL),
  };
}
