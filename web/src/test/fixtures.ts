import type { Me } from '../lib/api/types';

export function makeMe(overrides: Partial<Me> = {}, user: Partial<Me['user']> = {}): Me {
  return {
    id: 'user-1',
    role: 'ROLE_USER',
    enabledFeatures: [],
    isLender: false,
    knockToken: null,
    privacyVersion: 2,
    termsVersion: 2,
    ...overrides,
    user: { preferredName: 'Ann', email: 'ann@example.com', isOnboarded: true, ...user },
  };
}

export const POLICIES = {
  privacyPolicy: { policyVersion: 2, contentUrl: '/legal/privacy-policy.html' },
  termsAndConditions: { policyVersion: 2, contentUrl: '/legal/terms-of-service.html' },
};
