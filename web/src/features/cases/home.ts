import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import type { CaseOverviews } from '../../lib/api/types';
import { DEFAULT_REDIRECT } from '../../lib/constants';
import { pendingDonorCaseId } from '../notifications/donor';
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
 * spec's default (/remortgaging) is used, which reports its own load error. A user with no case
 * at all who is asked to confirm a gift towards someone's purchase (a donor invitation in their
 * feed) is a gift donor, not a customer to be offered 'Start a remortgage': they go to their
 * gift's page (/gift/{caseId}), where the 'Confirm Your Gift Contribution' dialog opens.
 */
export async function homeRedirect(
  queryClient: QueryClient,
  buyingEnabled: boolean,
  knockToken: string | null = null,
) {
  let overviews: CaseOverviews;
  try {
    overviews = await queryClient.fetchQuery(caseOverviewsQuery());
  } catch {
    return redirect({ href: DEFAULT_REDIRECT, replace: true });
  }
  if (overviews.remortgaging.totalCount === 0 && overviews.buying.totalCount === 0) {
    const giftCaseId = await pendingDonorCaseId(queryClient, knockToken);
    if (giftCaseId !== null) {
      return redirect({
        to: '/gift/$caseId',
        params: { caseId: String(giftCaseId) },
        replace: true,
      });
    }
  }
  return redirect({
    to: '/$caseType',
    params: { caseType: homeKind(overviews, buyingEnabled) },
    replace: true,
  });
}
