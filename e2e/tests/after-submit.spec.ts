// A remortgage after submission, from the customer's side (spec §2 routes, §4 "Remortgaging
// post-submit tiles"; REM-POST-*, DOCS-09/10, FEEDBACK-03/11, STATUS-03; issue 26 item 9). A broker's client
// accepts the quote in the app and their application is submitted with the app's own calls
// (application.spec.ts drives those screens); then, in the customer's browser: the tiles, the
// application read-only, Verify Identity (upload, submit, sent back with a reason, again,
// verified), the mortgage report (view inline, accept), the completion statement (accept, then
// the feedback dialog, asked once per case) and the completed case (its chip and summary).
// The firm's steps between are the back office's API calls, made from a conveyancer's session
// (signed in and their authenticator set up through /staff by support/staff.ts).
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiPost } from '../support/api';
import { atBothWidths, caseTile, clientWithAcceptedQuote, expectAccessible, expectNoSidewaysScroll } from '../support/app';
import { signInConveyancer } from '../support/staff';
import { recordOpenTasks, refreshSession, remortgageAsCustomer, submitRemortgage, uploadDocument } from '../support/submitted';
import { PDF, PNG } from '../support/files';

// Names the demo data does not use; the staff address is new on every run.
const CLIENT = { name: 'Tilly Tilecroft', email: 'tilly.tilecroft@e2e.test' };
const ADDRESS = '5 Tilecroft Close';
const STAFF = { name: 'Cora Checker', email: `cora.checker.${Date.now()}@e2e.test` };
const SENT_BACK =
  'The photo of your passport is blurred. Please take it again in good light, with all four corners in view.';

const DATE = /\d{2}\/\d{2}\/\d{4}/;

// --- The firm's steps (the back office's API, docs/api/staff.md) ---------------------------

/**
 * The back office's calls on one remortgage, from the conveyancer's signed-in context (its
 * second factor proven when they set up their app). The access cookie lasts five minutes and
 * these calls do not go through an app's refresh: each refreshes first, as the app would.
 */
function backOffice(request: APIRequestContext, origin: string, caseId: number) {
  const base = `/api/staff/cases/remortgaging/${caseId}`;
  async function post(path: string, data: unknown) {
    await refreshSession(request, origin);
    return apiPost(request, origin, `${base}${path}`, data);
  }
  return {
    /** The owners' ids (`propertyOwners[].id`), from the staff case view. */
    async ownerIds(): Promise<number[]> {
      await refreshSession(request, origin);
      const res = await request.get(base);
      expect(res.status(), await res.text()).toBe(200);
      const view = (await res.json()) as { expanded: { propertyOwners: { id: number }[] } };
      return view.expanded.propertyOwners.map((o) => o.id);
    },
    /** Sends an owner's identity back with what to do next (REJECTED, reason required). */
    sendIdentityBack: (applicantId: number, reason: string) =>
      post(`/identity/${applicantId}`, { decision: 'REJECTED', reason }),
    /** Verifies an owner's identity; once all are, the case moves on by itself. */
    verifyIdentity: (applicantId: number) =>
      post(`/identity/${applicantId}`, {
        decision: 'VERIFIED',
        // What the firm compared: every item ticked (issue 26.13).
        checks: { photoMatches: true, nameMatches: true, dateOfBirthMatches: true, documentInDate: true, addressMatches: true },
      }),
    /**
     * Uploads the lender's offer and records it with its figures and dates (issue 26.13):
     * Awaiting Mortgage Offer → Preparing Mortgage Report.
     */
    async recordMortgageOffer() {
      const documentId = await uploadDocument(request, origin, caseId, 'MORTGAGE_OFFER', 'offer.pdf');
      const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
      return post('/mortgage-offer', {
        documentId,
        lender: 'Nationwide Building Society',
        amount: 18_500_000,
        offerDate: day(-7),
        expiresOn: day(180),
        specialConditions: null,
      });
    },
    /** Drafts a CLIENT_CARE_LETTER, MORTGAGE_REPORT (with its findings) or COMPLETION_STATEMENT; returns its id. */
    async draft(documentType: 'CLIENT_CARE_LETTER' | 'MORTGAGE_REPORT' | 'COMPLETION_STATEMENT'): Promise<number> {
      // A report carries the conveyancer's findings (issue 29).
      const findings = documentType === 'MORTGAGE_REPORT' ? { lenderFindings: 'The offer matches the application.' } : {};
      const drafted = await post('/documents', { documentType, ...findings });
      return drafted!.documentId as number;
    },
    /** Issues a draft (the workflow's publishing step: the owners may accept it). */
    issue: (documentId: number) => post(`/documents/${documentId}/issue`, {}),
    /** Assigns the case to the staff member of this name (`/staff/members`). */
    async assign(name: string) {
      await refreshSession(request, origin);
      const res = await request.get('/api/staff/members');
      expect(res.status(), await res.text()).toBe(200);
      const member = ((await res.json()) as { id: string; name: string }[]).find((m) => m.name === name);
      expect(member, name).toBeDefined();
      return post('/assignee', { userId: member!.id });
    },
    /**
     * Mark as completed (`complete`): the case is COMPLETED with today's completion date, once
     * the legal file's tasks before it are done (issue 29: the mortgage deed, OS1, K16, the
     * certificate of title).
     */
    async markCompleted() {
      await recordOpenTasks(request, origin, 'REMORTGAGING', caseId);
      return post('/transition', { transition: 'complete' });
    },
  };
}

// --- The customer's side ------------------------------------------------------------------

/** Waits until the customer's case is in `status` (system steps run after the change). */
async function statusIs(request: APIRequestContext, origin: string, caseId: number, status: string) {
  await expect
    .poll(async () => (await remortgageAsCustomer(request, origin, caseId)).status, { timeout: 30_000 })
    .toBe(status);
}

/** The owners' acceptances in the customer's expanded case (DOCS-10). */
async function acceptancesOf(request: APIRequestContext, origin: string, caseId: number) {
  await refreshSession(request, origin);
  const res = await request.get(`/api/remortgaging/cases/${caseId}/expanded`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as {
    propertyOwners: { documentAcceptances: { documentId: number; acceptedAt: string }[] }[];
  };
}

/** Chooses a photo for an identity slot and waits for the server to keep it. */
async function uploadPhoto(page: Page, slot: string, fileName: string) {
  const stored = page.waitForResponse((r) => r.url().endsWith('/api/document') && r.request().method() === 'POST');
  await page.getByLabel(`Upload ${slot} file`).setInputFiles({ name: fileName, mimeType: 'image/png', buffer: PNG });
  expect((await stored).status()).toBe(201);
  await expect(page.getByText(`Uploaded: ${fileName}`)).toBeVisible();
}

/** Submit for checking, and the page says it waits for the firm. */
async function submitForChecking(page: Page) {
  const submitted = page.waitForResponse((r) => r.url().endsWith('/api/identity'));
  await page.getByRole('button', { name: 'Submit for checking' }).click();
  expect((await submitted).status()).toBe(200);
  await expect(page.getByText('Waiting for us to check')).toBeVisible();
}

test('after submitting: identity sent back and verified, the mortgage report and completion statement accepted, completion', async ({
  page,
  browser,
}) => {
  test.setTimeout(480_000);
  const { customer, context, caseId, origin } = await clientWithAcceptedQuote(page, browser, CLIENT, ADDRESS);
  const casePath = `/remortgaging/${caseId}`;
  await submitRemortgage(customer.request, origin, caseId, ADDRESS);

  // REM-POST-01/03/10: the tiles in the spec's order; the reports locked until their time.
  await customer.goto(casePath);
  await expect(customer.getByText('We are waiting for every owner to verify their identity.')).toBeVisible();
  const tiles = customer.getByRole('list', { name: 'Case progress' }).getByRole('listitem');
  await expect(tiles).toHaveText([
    /Application & Quote/,
    /Verify Identity/,
    /Upload Documents/,
    /Mortgage Report/,
    /Completion Statement/,
  ]);
  await expect(caseTile(customer, 'application-review')).toHaveAttribute('data-state', 'IS_COMPLETE');
  await expect(caseTile(customer, 'mortgage-report')).toHaveAttribute('data-state', 'LOCKED');
  await expect(customer.getByRole('list', { name: 'Application sections' })).toHaveCount(0);
  await atBothWidths(customer, () => expect(caseTile(customer, 'mortgage-report')).toBeVisible());
  await customer.goto(`${casePath}/mortgage-report`);
  await expect(customer).toHaveURL(/\/remortgaging$/);

  // REM-POST-05: the application as submitted, read-only, and the quote.
  await customer.goto(casePath);
  await customer.getByRole('link', { name: /Application & Quote/ }).click();
  await expect(customer).toHaveURL(new RegExp(`${casePath}/application-review$`));
  await expect(customer.getByRole('heading', { level: 1, name: 'Application & Quote' })).toBeVisible();
  await expect(customer.getByRole('region', { name: 'Property Details' })).toContainText('Terraced house');
  await expect(customer.getByRole('region', { name: 'Your Conveyancing Quote' })).toBeVisible();
  await expect(customer.getByRole('link', { name: /^Edit/ })).toHaveCount(0);
  await atBothWidths(customer, () => expect(customer.getByRole('region', { name: 'Owners' })).toBeVisible());

  // REM-POST-16: Verify Identity — a photo ID and a selfie, then submit them for checking.
  await customer.getByRole('link', { name: 'Back to your case' }).click();
  await customer.getByRole('link', { name: /Verify Identity/ }).click();
  await expect(customer.getByRole('heading', { level: 1, name: 'Verify Identity' })).toBeVisible();
  await expect(customer.getByRole('button', { name: 'Submit for checking' })).toBeDisabled();
  await atBothWidths(customer, () => expect(customer.getByRole('button', { name: 'Upload Selfie' })).toBeVisible());
  await uploadPhoto(customer, 'Photo of your passport or driving licence', 'passport.png');
  await uploadPhoto(customer, 'Selfie', 'selfie.png');
  await submitForChecking(customer);
  expect((await remortgageAsCustomer(customer.request, origin, caseId)).status).toBe('IDENTITY_VERIFICATION');
  // Issue 26: the tile agrees with the page ('Waiting for us to check'): in progress.
  await customer.goto(casePath);
  await expect(caseTile(customer, 'identification')).toHaveAttribute('data-state', 'IN_PROGRESS');
  await expect(caseTile(customer, 'identification')).toContainText('In progress');
  // Nobody is assigned yet: the firm's team, and its telephone.
  const about = customer.getByRole('region', { name: 'About this case' });
  await expect(about).toContainText('The conveyancing team at');
  await expect(about.getByRole('link', { name: /^0\d/ })).toHaveAttribute('href', /^tel:0\d+$/);

  // REM-POST-06: Upload Documents — what is still needed, with its guidance; uploaded, it is
  // listed and the tile is complete (bank statements do not count towards it).
  await customer.goto(casePath);
  await expect(caseTile(customer, 'documents')).toHaveAttribute('data-state', 'NOT_STARTED');
  await customer.getByRole('link', { name: /Upload Documents/ }).click();
  await expect(customer).toHaveURL(new RegExp(`${casePath}/documents$`));
  await expect(customer.getByRole('heading', { level: 1, name: 'Upload Documents' })).toBeVisible();
  const bank = customer.getByRole('listitem').filter({ has: customer.getByRole('heading', { name: 'Bank statement' }) });
  await expect(bank.getByTestId('document-guidance')).toContainText('for at least the last 12 months');
  await atBothWidths(customer, () => expect(customer.getByRole('heading', { name: 'Mortgage statement' })).toBeVisible());
  const stored = customer.waitForResponse((r) => r.url().endsWith('/api/document') && r.request().method() === 'POST');
  await customer
    .getByLabel('Upload Mortgage statement file')
    .setInputFiles({ name: 'mortgage-statement.pdf', mimeType: 'application/pdf', buffer: PDF });
  expect((await stored).status()).toBe(201);
  const uploaded = customer.getByRole('list', { name: 'Uploaded documents' });
  await expect(uploaded).toContainText('Mortgage statement');
  await expect(uploaded).toContainText('mortgage-statement.pdf');
  await expect(customer.getByRole('heading', { name: 'Mortgage statement' })).toHaveCount(0);
  // Identity evidence is Verify Identity's, not listed here.
  await expect(uploaded).not.toContainText('passport.png');
  await customer.goto(casePath);
  await expect(caseTile(customer, 'documents')).toHaveAttribute('data-state', 'IS_COMPLETE');

  // The firm sends it back with a reason.
  const firm = await signInConveyancer(browser, STAFF);
  await firm.page.goto('about:blank');
  const office = backOffice(firm.context.request, origin, caseId);
  // Issue 26: assigned, the case handler is named to the customer (the name only).
  await office.assign(STAFF.name);
  await customer.goto(casePath);
  await expect(customer.getByTestId('case-handler')).toHaveText(new RegExp(`^${STAFF.name}, `));
  await expect(customer.getByRole('region', { name: 'About this case' })).not.toContainText(STAFF.email);
  await atBothWidths(customer, () => expect(customer.getByTestId('case-handler')).toBeVisible());
  const [ownerId] = await office.ownerIds();
  await office.sendIdentityBack(ownerId, SENT_BACK);

  // The customer reads why, uploads a new photo and submits again.
  await customer.goto(`${casePath}/identification`);
  const sentBack = customer.getByTestId('identity-rejection');
  await expect(sentBack).toContainText('We need you to upload your documents again');
  await expect(sentBack).toContainText(SENT_BACK);
  await atBothWidths(customer, () => expect(sentBack).toBeVisible());
  await uploadPhoto(customer, 'Photo of your passport or driving licence', 'passport-again.png');
  await submitForChecking(customer);
  await expect(customer.getByTestId('identity-rejection')).toHaveCount(0);

  // Verified: the case moves on to the lender's offer.
  // The firm's AML checks are recorded first (issue 29: risk assessment, sanctions and PEPs).
  await recordOpenTasks(firm.context.request, origin, 'REMORTGAGING', caseId);
  // Issue 29: the firm issues its client care letter meanwhile; the owner reads and accepts it
  // on Verify Identity. The case moves on only once it is accepted and identities verified.
  await office.issue(await office.draft('CLIENT_CARE_LETTER'));
  await customer.goto(`${casePath}/identification`);
  const letter = customer.getByRole('region', { name: 'Client care letter' });
  await atBothWidths(customer, () => expect(letter.getByRole('button', { name: 'Accept', exact: true })).toBeVisible());
  await letter.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(customer.getByText('Thank you: you have accepted the client care letter')).toBeVisible();
  await statusIs(customer.request, origin, caseId, 'IDENTITY_VERIFICATION');
  await office.verifyIdentity(ownerId);
  await statusIs(customer.request, origin, caseId, 'AWAITING_MORTGAGE_OFFER');
  await customer.reload();
  await expect(customer.getByText(/^Verified on \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  await expect(customer.getByRole('button', { name: 'Submit for checking' })).toHaveCount(0);

  // The offer arrives; a drafted report is the firm's only (DOCS-09): the tile stays locked.
  await office.recordMortgageOffer();
  await statusIs(customer.request, origin, caseId, 'PREPARE_MORTGAGE_REPORT');
  const reportId = await office.draft('MORTGAGE_REPORT');
  const beforeIssue = await remortgageAsCustomer(customer.request, origin, caseId);
  expect(beforeIssue.documents.generatedDocuments.some((d) => d.documentId === reportId)).toBe(false);
  await customer.goto(`${casePath}/mortgage-report`);
  await expect(customer).toHaveURL(/\/remortgaging$/);
  await office.issue(reportId);
  await statusIs(customer.request, origin, caseId, 'MORTGAGE_REPORT_ACCEPTANCE');

  // REM-POST-09/11: the report — what it is, View (inline), Download, Accept.
  await customer.goto(casePath);
  await expect(caseTile(customer, 'mortgage-report')).toHaveAttribute('data-state', 'NOT_STARTED');
  await expect(caseTile(customer, 'identification')).toHaveAttribute('data-state', 'IS_COMPLETE');
  await customer.getByRole('link', { name: /Mortgage Report/ }).click();
  await expect(customer).toHaveURL(new RegExp(`${casePath}/mortgage-report$`));
  await expect(customer.getByText("Your mortgage report explains the terms and conditions of your new lender's mortgage offer")).toBeVisible();
  await expect(customer.getByRole('link', { name: 'Download Mortgage report' })).toHaveAttribute('href', `/api/document/${reportId}`);
  await atBothWidths(customer, () => expect(customer.getByRole('button', { name: 'Accept', exact: true })).toBeVisible());
  await customer.getByRole('link', { name: 'View Mortgage report' }).click();
  await expect(customer).toHaveURL(new RegExp(`${casePath}/mortgage-report/view$`));
  // On a phone, a Download button stands in for the viewer.
  await customer.setViewportSize({ width: 375, height: 900 });
  await expect(customer.getByText('Download the document to read it on your phone.')).toBeVisible();
  await expect(customer.locator('iframe')).toHaveCount(0);
  await expectAccessible(customer);
  await expectNoSidewaysScroll(customer);
  await customer.setViewportSize({ width: 1280, height: 900 });
  await expect(customer.locator('iframe[title="Mortgage report"]')).toBeVisible();
  await expect(customer.locator('iframe[title="Mortgage report"]')).toHaveAttribute('src', /^blob:/);
  // The page's policy lets the frame show it (a refused frame ends as chrome-error://).
  await expect.poll(() => customer.frames().map((f) => f.url().split(':')[0])).toContain('blob');
  expect(customer.frames().map((f) => f.url())).not.toContain('chrome-error://chromewebdata/');
  const accepted = customer.waitForResponse((r) => r.url().endsWith(`/api/document/${reportId}/accept`));
  await customer.getByRole('button', { name: 'Accept', exact: true }).click();
  expect((await accepted).status()).toBe(200);
  await expect(customer.getByText('Thank you: you have accepted the mortgage report')).toBeVisible();
  await expect(customer.getByTestId('own-acceptance')).toHaveText(/^You accepted this on \d{2}\/\d{2}\/\d{4}$/);
  await expect(customer.getByRole('button', { name: 'Accept', exact: true })).toHaveCount(0);
  // DOCS-10: recorded for this owner; the only owner's acceptance moves the case on.
  const [owner] = (await acceptancesOf(customer.request, origin, caseId)).propertyOwners;
  expect(owner.documentAcceptances.map((a) => a.documentId)).toContain(reportId);
  await statusIs(customer.request, origin, caseId, 'PREPARE_COMPLETION_STATEMENT');

  // REM-POST-14: a drafted statement keeps its tile locked; issued, it opens (REM-POST-13).
  const statementId = await office.draft('COMPLETION_STATEMENT');
  await customer.goto(`${casePath}/completion-statement`);
  await expect(customer).toHaveURL(/\/remortgaging$/);
  await office.issue(statementId);
  await statusIs(customer.request, origin, caseId, 'COMPLETION_STATEMENT_ACCEPTANCE');

  // REM-POST-15, FEEDBACK-03: accepting the statement, then the feedback dialog.
  await customer.goto(`${casePath}/completion-statement`);
  await expect(customer.getByRole('heading', { level: 1, name: 'Completion Statement' })).toBeVisible();
  await atBothWidths(customer, () => expect(customer.getByRole('button', { name: 'Accept', exact: true })).toBeVisible());
  await customer.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(customer.getByText('Thank you: you have accepted the completion statement')).toBeVisible();
  const feedback = customer.getByRole('dialog', { name: 'How was your experience?' });
  await expect(feedback).toBeVisible();
  await expectAccessible(customer);
  await feedback.locator('label', { hasText: '5 stars, excellent' }).click();
  const sent = customer.waitForResponse((r) => r.url().endsWith('/api/feedback') && r.request().method() === 'POST');
  await feedback.getByRole('button', { name: 'Submit feedback' }).click();
  expect((await sent).status()).toBe(204);
  await expect(customer.getByText('Thanks! your feedback has been submitted')).toBeVisible();
  await expect(feedback).toBeHidden();
  await expect(customer.getByTestId('own-acceptance')).toHaveText(/^You accepted this on \d{2}\/\d{2}\/\d{4}$/);
  await statusIs(customer.request, origin, caseId, 'PENDING_COMPLETION');

  // The firm completes the case.
  await office.markCompleted();
  await statusIs(customer.request, origin, caseId, 'COMPLETED');
  await firm.context.close();

  // STATUS-03: the chip 'Completed {date}'. FEEDBACK-11 and issue 26: feedback was given at
  // the completion statement, so it is not asked again after completion.
  await customer.goto(casePath);
  const chip = customer.locator('[data-colour]').first();
  await expect(chip).toHaveText(new RegExp(`^Completed ${DATE.source}$`));
  await expect(chip).toHaveAttribute('data-colour', 'GREEN');
  await expect(caseTile(customer, 'completion-statement')).toHaveAttribute('data-state', 'IS_COMPLETE');
  // Issue 26: the completed case's summary, and the completion date on the case page.
  const summary = customer.getByRole('region', { name: 'Your case is complete' });
  await expect(summary).toContainText(ADDRESS);
  await expect(summary).toContainText(new RegExp(`Completed on${DATE.source}`));
  await expect(summary).toContainText(`Handled by${STAFF.name}`);
  await expect(summary.getByRole('link', { name: 'Download Completion statement' })).toHaveAttribute(
    'href',
    `/api/document/${statementId}`,
  );
  await expect(customer.getByRole('region', { name: 'About this case' })).toContainText(
    new RegExp(`Completion date${DATE.source}`),
  );
  await atBothWidths(customer, () => expect(summary).toBeVisible());
  await customer.reload();
  await expect(chip).toHaveText(new RegExp(`^Completed ${DATE.source}$`));
  await customer.waitForLoadState('networkidle');
  await expect(customer.getByRole('dialog', { name: 'How was your experience?' })).toHaveCount(0);
  // The answer was recorded for its point (FEEDBACK-03), and only that one (issue 26).
  const answered = (await remortgageAsCustomer(customer.request, origin, caseId)).feedbackGiven;
  expect(answered).toEqual(['ACCEPT_COMPLETION_STATEMENT']);
  await context.close();
});
