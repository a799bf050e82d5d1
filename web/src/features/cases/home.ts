import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import type { CaseOverviews } from '../../lib/api/types';
import { DEFAULT_REDIRECT } from '../../lib/constants';
import { caseOverviewsQuery } from './api/getCaseOverviews';
import type { CaseKind } from './caseTypes';

/**
 * The list a signed-in user starts on when nothing asked for another page (issue 15): the
 * remortgaging list (the spec's default) unless every case they have is a purchase. Without
 * that, an invited buyer landed on /remortgaging, had no remortgage, and was sent on to
 * 'Start a remortgage'.
 */
export function homeKind(overviews: CaseOverviews, buyingEnabled: boolean): CaseKind {
  if (overviews.remortgaging.totalCount > 0) return 'remortgaging';
  if (buyingEnabled && overviews.buying.totalCount > 0) return 'buying';
  return 'remortgaging';
}

/**
 * The protected index `/`: forwards to the user's home list. If the counts cannot be loaded the
 * spec's default (/remortgaging) is used, which reports its own load error.
 */
export async function homeRedirect(queryClient: QueryClient, buyingEnabled: boolean) {
  let kind: CaseKind;
  try {
    kind = homeKind(await queryClient.fetchQuery(caseOverviewsQuery()), buyingEnabled);
  } catch {
    return redirect({ href: DEFAULT_REDIRECT, replace: true });
  }
  return redirect({ to: '/$caseType', params: { caseType: kind }, replace: true });
}
