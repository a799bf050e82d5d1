import { Link } from '@mui/material';
import { resolvePolicies, useCurrentPolicies } from '../api/getCurrentPolicies';

/** Links to the current policy documents (static fallbacks while loading or on failure). */
export function usePolicyUrls() {
  const { data } = useCurrentPolicies();
  return resolvePolicies(data);
}

export function PolicyLinks({
  privacyLabel = 'Privacy Policy',
  termsLabel = 'Terms of Service',
  separator = ' and ',
}: {
  privacyLabel?: string;
  termsLabel?: string;
  separator?: string;
}) {
  const { privacyUrl, termsUrl } = usePolicyUrls();
  return (
    <>
      <Link href={privacyUrl} target="_blank" rel="noopener">
        {privacyLabel}
      </Link>
      {separator}
      <Link href={termsUrl} target="_blank" rel="noopener">
        {termsLabel}
      </Link>
    </>
  );
}
