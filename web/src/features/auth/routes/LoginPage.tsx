import { Typography } from '@mui/material';
import { RouterLink } from '../../../components/RouterLink';
import { safeRedirect } from '../../../lib/redirect';
import { MagicLinkForm } from '../components/MagicLinkForm';

export const LOGIN_TEXTS = {
  title: 'Welcome back',
  intro: 'Enter your email address and we will send you a link to log in.',
  failure: 'We are having trouble authorizing your account',
} as const;

/** /login — spec section 2. */
export function LoginPage({ redirectTo }: { redirectTo?: string }) {
  return (
    <MagicLinkForm
      title={LOGIN_TEXTS.title}
      intro={LOGIN_TEXTS.intro}
      submitLabel="Continue"
      redirectTo={safeRedirect(redirectTo)}
      failure={LOGIN_TEXTS.failure}
      footer={
        <Typography>
          New to Threshold? <RouterLink to="/signup">Sign up</RouterLink>
        </Typography>
      }
      sentFooter={
        <Typography>
          No account yet? <RouterLink to="/signup">Sign up</RouterLink>
        </Typography>
      }
    />
  );
}
