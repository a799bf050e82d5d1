export {
  useCurrentPolicies,
  resolvePolicies,
  currentPoliciesQuery,
} from './api/getCurrentPolicies';
export { PolicyDialog, policyDialogMode, POLICY_TEXTS } from './components/PolicyDialog';
export { PolicyLinks } from './components/PolicyLinks';
