import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import type { CaseOverviews } from '../../lib/api/types';
import { caseOverviewsQuery } from '../cases';

/** The purchase `caseId` if the user gives a gift towards it (GET /case-overviews `gifts`). */
export function giftTowards(overviews: CaseOverviews, caseId: string): boolean {
  return overviews.gifts.some((g) => g.caseType === 'BUYING' && String(g.caseId) === caseId);
}

/**
 * A gift donor who opens a page of the purchase they give towards (/buying/{caseId}…: a link
 * from before issue 26, a bookmark, the redirect of a sign-in) goes to their own gift instead:
 * the buyers' case is not theirs to see, and without the BUYING feature they were told 'Buying
 * is not available'. Null for anyone else. The overviews come from the cache when there (a
 * gift does not appear unannounced: its invitation brings the donor here by its own link).
 */
export async function donorGiftRedirect(queryClient: QueryClient, caseId: string | undefined) {
  if (caseId === undefined) return null;
  const overviews = await queryClient.ensureQueryData(caseOverviewsQuery()).catch(() => null);
  if (!overviews || !giftTowards(overviews, caseId)) return null;
  return redirect({ to: '/gift/$caseId', params: { caseId }, replace: true });
}
