import type { Me } from '../lib/api/types';
import { RELEASE_VERSION } from '../lib/release';
import { json, mockFetch, type Handler } from './fetchMock';

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

/** The calls every signed-in page makes (session, user, policies, version), then `routes`. */
export function signedInServer(me: Me, routes: Record<string, Handler> = {}) {
  return mockFetch({
    'GET /api/auth/verify': () => json({ isLoggedIn: true }),
    'GET /api/auth/me': () => json(me),
    'GET /api/policies/current': () => json(POLICIES),
    'GET /version': () => json({ version: RELEASE_VERSION }),
    ...routes,
  });
}
