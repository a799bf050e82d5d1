import type { ButtonProps } from '@mui/material';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../../components/ButtonLink';
import { RouterLink } from '../../../components/RouterLink';
import type { CaseKind } from '../caseTypes';

/** Links to a case page of either type (/remortgaging/{caseId} or /buying/{caseId}). */
export function CaseButtonLink({
  kind,
  caseId,
  children,
  ...props
}: { kind: CaseKind; caseId: number | string; children: ReactNode } & Pick<
  ButtonProps,
  'variant' | 'size' | 'fullWidth' | 'sx'
> & { 'aria-label'?: string }) {
  return (
    <ButtonLink
      to="/$caseType/$caseId"
      params={{ caseType: kind, caseId: String(caseId) }}
      preload="intent"
      {...props}
    >
      {children}
    </ButtonLink>
  );
}

export function CaseTextLink({
  kind,
  caseId,
  children,
}: {
  kind: CaseKind;
  caseId: number | string;
  children: ReactNode;
}) {
  return (
    <RouterLink
      to="/$caseType/$caseId"
      params={{ caseType: kind, caseId: String(caseId) }}
      preload="intent"
    >
      {children}
    </RouterLink>
  );
}
