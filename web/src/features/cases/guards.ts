import type { QueryClient } from '@tanstack/react-query';
import { notFound, redirect } from '@tanstack/react-router';
import { isApiError } from '../../lib/api/errors';
import type { CaseView, ExpandedCase } from '../../lib/api/types';
import { buyingCaseQuery } from './api/getBuyingCase';
import { caseOverviewsQuery } from './api/getCaseOverviews';
import { remortgagingCaseQuery } from './api/getRemortgagingCase';
import type { CaseKind } from './caseTypes';

const LIST_PATH = { remortgaging: '/remortgaging', buying: '/buying' } as const;
const START_PATH = { remortgaging: '/remortgaging/start', buying: '/buying/start' } as const;

export function isNumericId(caseId: string): boolean {
  return /^\d+$/.test(caseId);
}

/**
 * Case access guard (spec section 2): a non-numeric id or an unknown case is not found; any
 * other failure loading the case redirects to the case list.
 */
export async function loadGuardedCase(
  queryClient: QueryClient,
  kind: CaseKind,
  caseId: string,
): Promise<ExpandedCase> {
  if (!isNumericId(caseId)) throw notFound();
  try {
    return await queryClient.ensureQueryData(
      kind === 'remortgaging' ? remortgagingCaseQuery(caseId) : buyingCaseQuery(caseId),
    );
  } catch (error) {
    if (isApiError(error, 404)) throw notFound();
    throw redirect({ to: LIST_PATH[kind], replace: true });
  }
}

/** A section or tile may be opened when it exists and is not disabled, locked or hidden. */
export function canOpen(view: CaseView, where: 'sections' | 'tiles', key: string): boolean {
  const entry = view[where].find((s) => s.key === key);
  return !!entry && (entry.state === 'IS_COMPLETE' || entry.state === 'NOT_STARTED');
}

/** The guard for a section (/application/{key}) or post-submit tile (/{key}) route. */
export async function guardSection(
  queryClient: QueryClient,
  kind: CaseKind,
  caseId: string,
  where: 'sections' | 'tiles',
  key: string,
): Promise<ExpandedCase> {
  const expanded = await loadGuardedCase(queryClient, kind, caseId);
  if (!canOpen(expanded.view, where, key)) {
    throw redirect({ to: LIST_PATH[kind], replace: true });
  }
  return expanded;
}

/**
 * A non-broker with no cases of this type goes from the list to the start page. If the
 * overview cannot be loaded the list is shown (and reports its own error).
 */
export async function startPageRedirect(
  queryClient: QueryClient,
  kind: CaseKind,
  isBroker: boolean,
): Promise<void> {
  if (isBroker) return;
  let total: number;
  try {
    const overviews = await queryClient.fetchQuery(caseOverviewsQuery());
    total = overviews[kind].totalCount;
  } catch {
    return;
  }
  if (total === 0) throw redirect({ to: START_PATH[kind], replace: true });
}
