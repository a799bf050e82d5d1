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
 * The purchase a gift donor with no case of their own starts on: their newest gift's (GET
 * /case-overviews `gifts`, newest first), whatever their answer, so a donor is never offered
 * 'Start a remortgage'. Null for anyone with a case of their own, or with no gift.
 */
export function giftHome(overviews: CaseOverviews): number | null {
  if (overviews.remortgaging.totalCount > 0 || overviews.buying.totalCount > 0) return null;
  return overviews.gifts[0]?.caseId ?? null;
}

/**
 * The protected index `/`: forwards to the user's home list, or a gift donor with no case of
 * their own to their gift's page (/gift/{caseId}), where the 'Confirm Your Gift Contribution'
 * dialog opens while their invitation waits. If the counts cannot be loaded the spec's default
 * (/remortgaging) is used, which reports its own load error.
 */
export async function homeRedirect(queryClient: QueryClient, buyingEnabled: boolean) {
  let overviews: CaseOverviews;
  try {
    overviews = await queryClient.fetchQuery(caseOverviewsQuery());
  } catch {
    return redirect({ href: DEFAULT_REDIRECT, replace: true });
  }
  const giftCaseId = giftHome(overviews);
  if (giftCaseId !== null) {
    return redirect({ to: '/gift/$caseId', params: { caseId: String(giftCaseId) }, replace: true });
  }
  return redirect({
    to: '/$caseType',
    params: { caseType: homeKind(overviews, buyingEnabled) },
    replace: true,
  });
}
