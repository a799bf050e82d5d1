import { Link } from '@mui/material';
import type { ReactNode } from 'react';
import { runtimeConfig } from '../lib/config';

/** A mailto: link to the configured support address (built-in fallback when none is configured). */
export function SupportLink({ children }: { children?: ReactNode }) {
  const email = runtimeConfig().supportEmail;
  return <Link href={`mailto:${email}`}>{children ?? email}</Link>;
}
