// A customer's calls after the quote, made from their signed-in browser context with the same
// calls the web app sends (never by writing to the database): their remortgage filled in and
// submitted, identity evidence uploaded and submitted, an issued document accepted. For tests
// whose subject is what comes after (the customer's own screens have their own tests).
import { expect, type APIRequestContext } from '@playwright/test';
import { apiPost } from './api';

/** A tiny but real PDF: the server reads the type from the bytes (PDF is taken for identity too). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

interface Expanded {
  status: string;
  feedbackGiven: string[];
  propertyOwners: { id: number; user: { preferredName: string } }[];
  documents: { generatedDocuments: { documentId: number; documentType: string; isDraft: boolean }[] };
}

/**
 * The access cookie lives five minutes and these calls do not go through the app's refresh:
 * refresh when it has run out, as the app does on a 401 — and only then, since an open page of
 * the same browser context refreshes too, and a refresh token presented twice ends the session.
 */
async function refreshSession(request: APIRequestContext, origin: string) {
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
 * The sole owner of a remortgage in Customer Application (their profile given at first sign-in)
 * fills in every section and submits: Property Details (sole owner, freehold terrace), their
 * address, no other adults, no alterations, no loans. Ends in Identity Verification.
 */
export async function submitRemortgage(request: APIRequestContext, origin: string, caseId: number, addressLine1: string) {
  const caseRef = { caseType: 'REMORTGAGING', caseId };
  await refreshSession(request, origin);
  await apiPost(request, origin, '/api/property', { ...caseRef, landOwnership: 'SOLE_OWNER', propertyType: 'TERRACED', tenure: 'FREEHOLD' });
  const [owner] = (await remortgageAsCustomer(request, origin, caseId)).propertyOwners;
  await apiPost(request, origin, `/api/remortgaging/${caseId}/applicant/${owner.id}`, { addressLine1, occupation: 'Surveyor' });
  await apiPost(request, origin, `/api/remortgaging/${caseId}/property-occupant`, { hasAdultOccupants: false });
  await apiPost(request, origin, '/api/property/alterations', { ...caseRef, hasAlterations: false });
  await apiPost(request, origin, '/api/loans', { ...caseRef, hasLoans: false });
  const submitted = await apiPost(request, origin, `/api/remortgaging/${caseId}/submit`, {});
  expect(submitted?.status).toBe('IDENTITY_VERIFICATION');
}

/** POST /document (multipart, as the upload control sends it); returns the document id. */
export async function uploadDocument(request: APIRequestContext, origin: string, caseId: number, documentType: string, fileName: string) {
  await refreshSession(request, origin);
  const res = await request.post('/api/document', {
    headers: { Origin: origin },
    multipart: {
      caseType: 'REMORTGAGING',
      caseId: String(caseId),
      documentType,
      file: { name: fileName, mimeType: 'application/pdf', buffer: PDF },
    },
  });
  expect(res.status(), `upload ${documentType}: ${await res.text()}`).toBe(201);
  return ((await res.json()) as { documentId: number }).documentId;
}

/** The owner's photo ID and selfie, then POST /identity; returns the two documents' ids. */
export async function submitIdentity(request: APIRequestContext, origin: string, caseId: number) {
  const photoId = await uploadDocument(request, origin, caseId, 'PHOTO_ID', 'passport.pdf');
  const selfie = await uploadDocument(request, origin, caseId, 'SELFIE', 'selfie.pdf');
  const res = await apiPost(request, origin, '/api/identity', { caseId, caseType: 'REMORTGAGING' });
  expect(res?.status).toBe('IDENTITY_VERIFICATION');
  return { photoId, selfie };
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
