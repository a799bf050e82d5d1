// Calls a signed-in page makes to the API directly, for data a test needs in bulk: made by the
// same calls the web app sends (never by writing to the database).
import { expect, type APIRequestContext } from '@playwright/test';

/** A write from the page's own origin, as the browser sends it (the server's CSRF rule). */
export async function apiPost(request: APIRequestContext, origin: string, path: string, data: unknown) {
  const res = await request.post(path, { data, headers: { Origin: origin } });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return res.status() === 204 ? null : ((await res.json()) as Record<string, unknown>);
}

/**
 * A broker's new remortgage for `client` at `addressLine1`, its key facts changed by `keyFacts`
 * (a company-owned or buy-to-let property: the eligibility check refuses it); returns the case id.
 */
export async function createRemortgage(
  request: APIRequestContext,
  origin: string,
  client: { name: string; email: string },
  addressLine1: string,
  keyFacts: Record<string, unknown> = {},
): Promise<number> {
  const created = await apiPost(request, origin, '/api/remortgaging/case', {
    client: { preferredName: client.name, email: client.email },
    jurisdiction: 'ENGLAND',
    isDependentOnSale: false,
    isCompanyOwned: false,
    isResidential: true,
    propertyUsage: 'LIVE_IN',
    property: { addressLine1, town: 'Canterbury', postcode: 'CT1 1AA', tenure: 'FREEHOLD', type: 'TERRACED' },
    propertyValue: 30_000_000,
    loanAmount: 15_000_000,
    remortgagingReason: 'END_OF_CURRENT_DEAL',
    newLender: 'NATIONWIDE_BUILDING_SOCIETY',
    ...keyFacts,
  });
  return created!.caseId as number;
}

/**
 * A broker's new purchase for `client` at `addressLine1` (the body of api/tests/it/support/cases.rs
 * `buying_body`); a client named here gets BUYING enabled. Returns the case id.
 */
export async function createPurchase(
  request: APIRequestContext,
  origin: string,
  client: { name: string; email: string },
  addressLine1: string,
  jurisdiction: 'ENGLAND' | 'WALES' = 'ENGLAND',
): Promise<number> {
  const place = jurisdiction === 'WALES' ? { town: 'Cardiff', postcode: 'CF10 1AA' } : { town: 'Leeds', postcode: 'LS1 1AA' };
  const created = await apiPost(request, origin, '/api/buying/case', {
    client: { preferredName: client.name, email: client.email },
    jurisdiction,
    isDependentOnSale: false,
    isCompanyOwned: false,
    isResidential: true,
    propertyUsage: 'LIVE_IN',
    property: { addressLine1, ...place, tenure: 'FREEHOLD', type: 'DETACHED_HOUSE' },
    purchasePrice: 40_000_000,
    depositAmount: 4_000_000,
    lender: 'HALIFAX',
    isFirstTimeBuyer: false,
    targetMoveInDate: '2027-03-01',
  });
  return created!.caseId as number;
}
