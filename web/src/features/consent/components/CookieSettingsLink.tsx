import { Link } from '@mui/material';
import { useConsent } from './ConsentProvider';

/**
 * Reopens the cookie dialog's manage view, where analytics can be turned off again (PostHog is
 * then opted out): withdrawing consent is as easy as giving it. In the footer.
 */
export function CookieSettingsLink() {
  const { reopen } = useConsent();
  return (
    <Link component="button" type="button" onClick={reopen} sx={{ verticalAlign: 'baseline' }}>
      Cookie settings
    </Link>
  );
}
