import type { paths } from './schema';

/** Response and request types, always taken from `paths` so a regenerated schema keeps working. */
export type Me = paths['/auth/me']['get']['responses'][200]['content']['application/json'];
export type Role = Me['role'];
export type Feature = Me['enabledFeatures'][number];
export type Verify = paths['/auth/verify']['get']['responses'][200]['content']['application/json'];
export type CurrentPolicies =
  paths['/policies/current']['get']['responses'][200]['content']['application/json'];
export type SessionList =
  paths['/auth/sessions']['get']['responses'][200]['content']['application/json'];
export type SessionInfo = SessionList['sessions'][number];
export type LoginBody = paths['/auth']['post']['requestBody']['content']['application/json'];
export type SignupBody =
  paths['/auth/signup']['post']['requestBody']['content']['application/json'];
export type AcceptPoliciesBody =
  paths['/auth/accept-policies']['post']['requestBody']['content']['application/json'];
export type AboutYouBody =
  paths['/users/{userId}']['post']['requestBody']['content']['application/json'];
export type UpdatedUser =
  paths['/users/{userId}']['post']['responses'][200]['content']['application/json'];
