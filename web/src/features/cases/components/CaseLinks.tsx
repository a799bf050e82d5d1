import type { ButtonProps } from '@mui/material';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../../components/ButtonLink';
import { RouterLink } from '../../../components/RouterLink';
import type { CaseKind } from '../caseTypes';

/** Links to a case page of either type (typed routes need the literal path). */
export function CaseButtonLink({
  kind,
  caseId,
  children,
  ...props
}: { kind: CaseKind; caseId: number | string; children: ReactNode } & Pick<
  ButtonProps,
  'variant' | 'size' | 'fullWidth' | 'sx'
> & { 'aria-label'?: string }) {
  const params = { caseId: String(caseId) };
  return kind === 'remortgaging' ? (
    <ButtonLink to="/remortgaging/$caseId" params={params} preload="intent" {...props}>
      {children}
    </ButtonLink>
  ) : (
    <ButtonLink to="/buying/$caseId" params={params} preload="intent" {...props}>
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
  const params = { caseId: String(caseId) };
  return kind === 'remortgaging' ? (
    <RouterLink to="/remortgaging/$caseId" params={params} preload="intent">
      {children}
    </RouterLink>
  ) : (
    <RouterLink to="/buying/$caseId" params={params} preload="intent">
      {children}
    </RouterLink>
  );
}
