// A customer's calls after the quote, made from their signed-in browser context with the same
// calls the web app sends (never by writing to the database): their remortgage or purchase
// filled in and submitted, identity evidence uploaded and submitted, an issued document accepted. For tests
// whose subject is what comes after (the customer's own screens have their own tests).
import { expect, type APIRequestContext, type Browser } from '@playwright/test';
import { apiPost } from './api';
import { finishFirstSignIn, signIn, type NewClient } from './app';
import { PDF } from './files';

interface Expanded {
  status: string;
  feedbackGiven: string[];
  propertyOwners: { id: number; isLead: boolean; user: { preferredName: string } }[];
  documents: { generatedDocuments: { documentId: number; documentType: string; isDraft: boolean }[] };
}

/**
 * The access cookie lives five minutes and these calls do not go through the app's refresh:
 * refresh when it has run out, as the app does on a 401 — and only then, since an open page of
 * the same browser context refreshes too, and a refresh token presented twice ends the session.
 */
export async function refreshSession(request: APIRequestContext, origin: string) {
  if ((await request.get('/api/auth/me')).status() === 401) {
    await apiPost(request, origin, '/api/auth/refresh', {});
  }
}

/** GET /remortgaging/cases/{caseId}/expanded, as the customer sees it. */
export async function remortgageAsCustomer(request: APIRequestContext, origin: string, caseId: number): Promise<Expanded> {
  await refreshSession(request, origin);
  const res = await request.get(`/api/remortgaging/cases/${caseId}/expanded`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Expanded;
}

/**
 * The lead owner of a remortgage in Customer Application (their profile given at first sign-in)
 * fills in every section: Property Details (sole owner unless `landOwnership` says otherwise;
 * freehold terrace), their address, no other adults, no alterations, no loans. A co-owner gives
 * their own address first (`joinAsCoOwner`).
 */
export async function fillRemortgage(
  request: APIRequestContext,
  origin: string,
  caseId: number,
  addressLine1: string,
  landOwnership = 'SOLE_OWNER',
) {
  const caseRef = { caseType: 'REMORTGAGING', caseId };
  await refreshSession(request, origin);
  await apiPost(request, origin, '/api/property', { ...caseRef, landOwnership, propertyType: 'TERRACED', tenure: 'FREEHOLD' });
  const lead = (await remortgageAsCustomer(request, origin, caseId)).propertyOwners.find((o) => o.isLead)!;
  await apiPost(request, origin, `/api/remortgaging/${caseId}/applicant/${lead.id}`, { addressLine1, occupation: 'Surveyor' });
  await apiPost(request, origin, `/api/remortgaging/${caseId}/property-occupant`, { hasAdultOccupants: false });
  await apiPost(request, origin, '/api/property/alterations', { ...caseRef, hasAlterations: false });
  await apiPost(request, origin, '/api/loans', { ...caseRef, hasLoans: false });
}

/** {@link fillRemortgage}, then submits with the declaration: ends in Identity Verification. */
export async function submitRemortgage(
  request: APIRequestContext,
  origin: string,
  caseId: number,
  addressLine1: string,
  landOwnership = 'SOLE_OWNER',
) {
  await fillRemortgage(request, origin, caseId, addressLine1, landOwnership);
  const submitted = await apiPost(request, origin, `/api/remortgaging/${caseId}/submit`, { declarationConfirmed: true });
  expect(submitted?.status).toBe('IDENTITY_VERIFICATION');
}

/**
 * The lead owner says the property is owned jointly and adds `coOwner` (Owners); the co-owner
 * signs in through the e-mailed link in a browser context of their own (their profile at first
 * sign-in), accepts the invitation and gives their address. Returns the co-owner's context, its
 * request and their applicant id.
 */
export async function joinAsCoOwner(
  browser: Browser,
  ownerRequest: APIRequestContext,
  origin: string,
  caseId: number,
  coOwner: NewClient,
  addressLine1: string,
) {
  await refreshSession(ownerRequest, origin);
  const caseRef = { caseType: 'REMORTGAGING', caseId };
  await apiPost(ownerRequest, origin, '/api/property', { ...caseRef, landOwnership: 'JOINT_TENANCY', propertyType: 'TERRACED', tenure: 'FREEHOLD' });
  const added = await apiPost(ownerRequest, origin, '/api/remortgaging/applicant', { caseId, preferredName: coOwner.name, email: coOwner.email });
  const applicantId = added!.id as number;
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, coOwner.email);
  await finishFirstSignIn(page, coOwner, /\/remortgaging/);
  // Closed before the calls below, so its background refresh does not race theirs.
  await page.close();
  const request = context.request;
  await apiPost(request, origin, `/api/remortgaging/${caseId}/invitation/respond`, { accepted: true });
  await apiPost(request, origin, `/api/remortgaging/${caseId}/applicant/${applicantId}`, { addressLine1, occupation: 'Architect' });
  return { context, request, applicantId };
}

type CaseType = 'REMORTGAGING' | 'BUYING';

/** POST /document (multipart, as the upload control sends it); returns the document id. */
export async function uploadDocument(
  request: APIRequestContext,
  origin: string,
  caseId: number,
  documentType: string,
  fileName: string,
  caseType: CaseType = 'REMORTGAGING',
) {
  await refreshSession(request, origin);
  const res = await request.post('/api/document', {
    headers: { Origin: origin },
    multipart: {
      caseType,
      caseId: String(caseId),
      documentType,
      file: { name: fileName, mimeType: 'application/pdf', buffer: PDF },
    },
  });
  expect(res.status(), `upload ${documentType}: ${await res.text()}`).toBe(201);
  return ((await res.json()) as { documentId: number }).documentId;
}

/** The owner's photo ID and selfie, then POST /identity; returns the two documents' ids. */
export async function submitIdentity(request: APIRequestContext, origin: string, caseId: number, caseType: CaseType = 'REMORTGAGING') {
  const photoId = await uploadDocument(request, origin, caseId, 'PHOTO_ID', 'passport.pdf', caseType);
  const selfie = await uploadDocument(request, origin, caseId, 'SELFIE', 'selfie.pdf', caseType);
  const res = await apiPost(request, origin, '/api/identity', { caseId, caseType });
  expect(res?.status).toBe('IDENTITY_VERIFICATION');
  return { photoId, selfie };
}

interface Purchase {
  status: string;
  buyers: { id: number }[];
  requiredDocuments: Record<string, { id: number; documentType: string }[]>;
}

/** GET /buying/case/{caseId}/expanded, as the buyer sees it. */
export async function purchaseAsCustomer(request: APIRequestContext, origin: string, caseId: number): Promise<Purchase> {
  await refreshSession(request, origin);
  const res = await request.get(`/api/buying/case/${caseId}/expanded`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Purchase;
}

/**
 * The sole buyer of a purchase in Customer Application (their profile given at first sign-in)
 * fills in every section, uploads each required document and submits: Property (sole owner,
 * detached, freehold), their details, any more `sources` of funds, the land tax answers, no
 * loans. Ends in Prepare Client Care Letter.
 */
export async function submitPurchase(
  request: APIRequestContext,
  origin: string,
  caseId: number,
  addressLine1: string,
  sources: { sourceType: string; amount: number }[] = [],
) {
  const caseRef = { caseType: 'BUYING', caseId };
  await refreshSession(request, origin);
  await apiPost(request, origin, '/api/property', { ...caseRef, landOwnership: 'SOLE_OWNER', propertyType: 'DETACHED_HOUSE', tenure: 'FREEHOLD' });
  const [buyer] = (await purchaseAsCustomer(request, origin, caseId)).buyers;
  await apiPost(request, origin, `/api/buying/${caseId}/applicant/${buyer.id}`, {
    addressLine1,
    // A buyer's address is asked in full (issue 26): the server refuses it without them.
    town: 'Leeds',
    postcode: 'LS6 2AA',
    occupation: 'Surveyor',
    nationalInsuranceNumber: 'QQ 12 34 56 C',
    isUkResident: true,
  });
  for (const source of sources) await apiPost(request, origin, `/api/buying/${caseId}/sources-of-funds`, source);
  await apiPost(request, origin, `/api/buying/${caseId}/stamp-duty-land-tax`, {
    resultsInMultipleProperties: false,
    isReplacingMainResidence: true,
    isFirstTimeBuyer: false,
  });
  await apiPost(request, origin, '/api/loans', { ...caseRef, hasLoans: false });
  const { requiredDocuments } = await purchaseAsCustomer(request, origin, caseId);
  for (const slot of Object.values(requiredDocuments).flat()) {
    await uploadDocument(request, origin, caseId, slot.documentType, `${slot.documentType.toLowerCase()}.pdf`, 'BUYING');
  }
  const submitted = await apiPost(request, origin, `/api/buying/${caseId}/submit`, { declarationConfirmed: true });
  expect(submitted?.status).toBe('PREPARE_CLIENT_CARE_LETTER');
}

/**
 * The owner accepts the latest issued document of this type (POST /document/{id}/accept {});
 * returns where the case is now.
 */
export async function acceptIssued(request: APIRequestContext, origin: string, caseId: number, documentType: string): Promise<string> {
  const issued = (await remortgageAsCustomer(request, origin, caseId)).documents.generatedDocuments.filter(
    (d) => d.documentType === documentType && !d.isDraft,
  );
  expect(issued.length, `an issued ${documentType}`).toBeGreaterThan(0);
  const res = await apiPost(request, origin, `/api/document/${issued[issued.length - 1].documentId}/accept`, {});
  return res?.status as string;
}

interface StaffTask {
  name: string;
  state: 'AHEAD' | 'WAITING' | 'OPEN' | 'DONE';
  evidence: string | null;
  referenceLabel: string | null;
  referenceIs: 'TEXT' | 'EXPIRY_DATE' | 'COMPLETION_DATE';
}

/**
 * What the back office records for a task: an expiry (the OS1's priority) 30 days ahead, the
 * completion date fixed on exchange today (the server's day, UTC).
 */
function referenceFor(task: StaffTask): { reference?: string } {
  if (!task.referenceLabel) return {};
  const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  switch (task.referenceIs) {
    case 'EXPIRY_DATE':
      return { reference: daysAhead(30) };
    case 'COMPLETION_DATE':
      return { reference: daysAhead(0) };
    case 'TEXT':
      return { reference: 'REF-2026/1' };
  }
}

/**
 * The firm accepts every source of funds of a purchase not accepted yet, as its back office's
 * "Accept" does (the task `source_of_funds_reviewed` needs them all accepted).
 */
export async function acceptSourcesOfFunds(request: APIRequestContext, origin: string, caseId: number) {
  const base = `/api/staff/cases/buying/${caseId}`;
  await refreshSession(request, origin);
  const staffCase = (await (await request.get(base)).json()) as {
    expanded: { sourceOfFunds: { id: number; state: string }[] };
  };
  for (const source of staffCase.expanded.sourceOfFunds.filter((f) => f.state !== 'ACCEPTED')) {
    await refreshSession(request, origin);
    await apiPost(request, origin, `${base}/sources-of-funds/${source.id}/review`, { outcome: 'ACCEPTED' });
  }
}

/**
 * The cashier records the buyers' exchange deposit received, as much as the client ledger lacks
 * of it: 10 % of the price, or their own deposit where that is less (Standard Conditions of Sale
 * 2.2.1); the task `exchange_deposit_held` needs the ledger to hold it.
 */
export async function receiveExchangeDeposit(request: APIRequestContext, origin: string, caseId: number) {
  const base = `/api/staff/cases/buying/${caseId}`;
  await refreshSession(request, origin);
  const staffCase = (await (await request.get(base)).json()) as {
    expanded: { purchasePrice: number; depositAmount: number | null };
  };
  const tenth = Math.floor(staffCase.expanded.purchasePrice / 10);
  const deposit = Math.min(tenth, staffCase.expanded.depositAmount ?? tenth);
  const ledger = (await (await request.get(`${base}/ledger`)).json()) as { clientBalancePence: number };
  if (ledger.clientBalancePence >= deposit) return;
  await apiPost(request, origin, `${base}/ledger`, {
    direction: 'RECEIVED',
    kind: 'CLIENT_FUNDS',
    amountPence: deposit - ledger.clientBalancePence,
    counterparty: 'The buyers',
    reference: 'Exchange deposit',
    entryDate: new Date().toISOString().slice(0, 10),
  });
}

/**
 * The firm records the legal file's tasks open now (issue 29), in the file's order, as its
 * back office does: each one's evidence uploaded first, its reference where it records one;
 * `except` are left for the test to do in the browser. From the conveyancer's signed-in
 * context. Returns the names recorded.
 */
export async function recordOpenTasks(
  request: APIRequestContext,
  origin: string,
  caseType: CaseType,
  caseId: number,
  except: string[] = [],
): Promise<string[]> {
  const base = `/api/staff/cases/${caseType.toLowerCase()}/${caseId}`;
  await refreshSession(request, origin);
  const tasks = ((await (await request.get(base)).json()) as { tasks: StaffTask[] }).tasks;
  const open = tasks.filter((t) => (t.state === 'OPEN' || t.state === 'WAITING') && !except.includes(t.name));
  for (const task of open) {
    if (task.name === 'source_of_funds_reviewed') await acceptSourcesOfFunds(request, origin, caseId);
    if (task.name === 'exchange_deposit_held') await receiveExchangeDeposit(request, origin, caseId);
    if (task.evidence) await uploadDocument(request, origin, caseId, task.evidence, `${task.name}.pdf`, caseType);
    await refreshSession(request, origin);
    await apiPost(request, origin, `${base}/tasks/${task.name}`, referenceFor(task));
  }
  return open.map((t) => t.name);
}
