// Issue 14 end to end: the back office.
//
// 1. A conveyancer made with the server's CLI signs in at /staff/login through the e-mailed link,
// sets up an authenticator app (codes computed here from the key the page shows), sees the work
// queue (filtered by who the case waits on), opens a case a broker created and the customer took on, cancels it (a step that needs a
// reason and a fresh code), and finds the move in the audit trail. The queue and the case are
// checked with axe at 375 and 1280 px. The customer of that case is told /staff is not theirs.
//
// 2. FLOW-01 after submission: a remortgage two owners have submitted is carried to completion.
// The owners' own steps (the co-owner joining, filling in, identity evidence, accepting
// documents) are the calls their app makes, from their own browser contexts; the firm's are
// taken in the back office: verify each owner's identity against the evidence that owner sent,
// record the mortgage offer, draft and issue the mortgage report, delete a document sent by
// mistake (a reason and a fresh code), issue the completion statement, mark the case completed.
// Each step waits for both owners. The lead owner's case page then says it is completed.
import { expect, test } from '@playwright/test';
import { atBothWidths, clientWithAcceptedQuote, dismissConsent, expectAccessible } from '../support/app';
import { createUser } from '../support/cli';
import { daysAhead } from '../support/clock';
import { PDF } from '../support/files';
import { linkIn, waitForMailAbout } from '../support/mail';
import { authenticator, currentStep, freshCode, signInConveyancer } from '../support/staff';
import {
  acceptIssued,
  joinAsCoOwner,
  recordOpenTasks,
  remortgageAsCustomer,
  submitIdentity,
  submitRemortgage,
  uploadDocument,
} from '../support/submitted';

// Names the demo data does not use; the staff address is new on every run.
const CLIENT = { name: 'Quinn Queueby', email: 'quinn.queueby@e2e.test' };
const ADDRESS = '9 Backoffice Lane';
const STAFF = { name: 'Sasha Staffer', email: `sasha.staffer.${Date.now()}@e2e.test` };
const REASON = 'The customer asked us to stop: they are staying with their lender.';

test('a conveyancer signs in with a second factor, works the queue and cancels a case with a reason', async ({ page, browser }) => {
  test.setTimeout(300_000);

  // A broker's case the customer has taken on (quote accepted: Customer Application).
  const { customer, context: customerContext, caseId } = await clientWithAcceptedQuote(page, browser, CLIENT, ADDRESS);

  // The customer is told the back office is not theirs, and where their own cases are.
  await customer.goto('/staff');
  await expect(customer.getByText("This area is for Threshold's conveyancing staff.")).toBeVisible();
  await expect(customer.getByRole('link', { name: 'Go to your cases' })).toHaveAttribute('href', '/');
  await expect(customer.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await customerContext.close();

  // The conveyancer, made with the CLI, signs in at the back office's door.
  createUser({ ...STAFF, role: 'ROLE_CONVEYANCER' });
  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const staff = await staffContext.newPage();
  await staff.goto('/staff');
  await expect(staff).toHaveURL(/\/staff\/login\?redirectTo=%2Fstaff$/);
  await dismissConsent(staff);
  await expect(staff.getByRole('heading', { level: 1, name: 'Threshold back office' })).toBeVisible();
  await expectAccessible(staff);
  await staff.getByLabel('Email address').fill(STAFF.email.toUpperCase());
  await staff.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(staff.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  const mail = await waitForMailAbout(STAFF.email, 'sign-in link');
  const link = linkIn(mail);
  expect(new URL(link, 'http://x').searchParams.get('redirectTo')).toBe('/staff');
  await staff.goto(link);

  // First visit: set up the authenticator app. The key is read off the page, as a person
  // would type it into their app.
  await expect(staff.getByRole('heading', { level: 1, name: 'Set up your authenticator app' })).toBeVisible({ timeout: 20_000 });
  await expect(staff).toHaveURL(/\/staff$/);
  await expect(staff.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = await staff.getByLabel('Or enter this key').inputValue();
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  const totp = authenticator(secret);
  await expectAccessible(staff);
  const enrolStep = currentStep();
  await staff.getByLabel('Code from your app').fill(totp.generate());
  await staff.getByRole('button', { name: 'Confirm' }).click();
  await expect(staff.getByText('Save these recovery codes. Each works once if you lose your phone.')).toBeVisible();
  await expect(staff.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').first()).toBeVisible();
  await expectAccessible(staff);
  await staff.getByRole('button', { name: 'Continue' }).click();

  // The work queue: the most recently updated first, then the name search (an owner's name)
  // finds the customer's case.
  await expect(staff.getByRole('heading', { level: 1, name: 'Work queue' })).toBeVisible();
  await expect(staff.getByTestId('staff-name')).toHaveText(STAFF.name);
  await expect(staff.getByRole('status').filter({ hasText: /^Showing \d+ of \d+ case\(s\)$/ })).toBeVisible();
  await staff.getByRole('button', { name: 'Sort newest first' }).click();
  await expect(staff).toHaveURL(/sortDirection=DESC/);
  await staff.getByRole('searchbox', { name: 'Search by name' }).fill('Quinn');
  await expect(staff).toHaveURL(/name=Quinn/);
  const caseLink = staff.getByRole('link', { name: new RegExp(ADDRESS) });
  await expect(caseLink).toBeVisible();
  // Who it waits on: the customer is filling it in, so it is not among the firm's to act on.
  const waitingOn = (choice: string) => staff.getByRole('button', { name: new RegExp(`^Waiting on: ${choice}`) });
  await waitingOn('Anyone').click();
  await staff.getByRole('menuitemradio', { name: 'The firm' }).click();
  await expect(staff).toHaveURL(/waitsOn=firm/);
  await expect(staff.getByText('No cases match these filters.')).toBeVisible();
  await waitingOn('The firm').click();
  await staff.getByRole('menuitemradio', { name: 'Customer' }).click();
  await expect(staff).toHaveURL(/waitsOn=customer/);
  await expect(caseLink).toBeVisible();
  await atBothWidths(staff, async () => {
    await expect(staff.getByRole('link', { name: new RegExp(ADDRESS) })).toBeVisible();
    await staff.waitForLoadState('networkidle');
  });

  // The case, as the back office sees it.
  await staff.getByRole('link', { name: new RegExp(ADDRESS) }).click();
  await expect(staff).toHaveURL(new RegExp(`/staff/cases/remortgaging/${caseId}$`));
  await expect(staff.getByRole('heading', { level: 1, name: new RegExp(ADDRESS) })).toBeVisible();
  const status = staff.getByTestId('case-status');
  await expect(status).not.toContainText(/Cancelled/i);
  // Next steps lead; the application's answers, the audit trail and the workflow open on demand.
  await staff.getByRole('button', { name: 'Owners' }).click();
  await expect(staff.getByRole('region', { name: 'Owners' })).toContainText(CLIENT.name);
  await staff.getByRole('button', { name: 'Audit trail' }).click();
  await expect(staff.getByRole('region', { name: 'Audit trail' }).getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
    'href',
    `/api/staff/cases/remortgaging/${caseId}/audit.csv`,
  );
  // The workflow diagram is drawn by mermaid in the browser (the source is there as well).
  await staff.getByRole('button', { name: 'Workflow' }).click();
  const workflow = staff.getByRole('region', { name: 'Workflow' });
  await expect(workflow.getByRole('img', { name: /workflow/ })).toBeVisible({ timeout: 20_000 });
  await expect(workflow.getByText('Diagram source')).toBeVisible();
  await atBothWidths(staff, async () => {
    await expect(staff.getByRole('region', { name: 'Next steps' })).toBeVisible();
    await staff.waitForLoadState('networkidle');
  });

  // Cancel the case (under More actions, away from the steps forward): a reason, and a fresh
  // code (step-up) before a destructive step.
  await staff.getByRole('region', { name: 'Next steps' }).getByRole('button', { name: 'More actions' }).click();
  await staff.getByRole('menuitem', { name: 'Cancel case' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Cancel case' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('Give a reason')).toBeVisible();
  await dialog.getByLabel('Reason').fill(REASON);
  await dialog.getByLabel('Code from your app').fill((await freshCode(staff, totp, enrolStep)).code);
  await expectAccessible(staff);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(staff.getByText(/^Moved to /)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(status).toContainText(/Cancelled/i);

  // The audit trail has the move, with its reason, newest first.
  const audit = staff.getByRole('region', { name: 'Audit trail' });
  await expect(audit).toContainText(REASON);
  await expect(audit).toContainText(STAFF.name);

  // Back in the queue, the case has moved.
  await staff.getByRole('link', { name: 'Back to the work queue' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Work queue' })).toBeVisible();

  // Signing out comes back to the door.
  await staff.getByRole('button', { name: 'Sign out' }).click();
  await expect(staff).toHaveURL(/\/staff\/login/);
  await staffContext.close();
});

// FLOW-01 after submission: names the demo data does not use; the staff address is new each run.
const OWNER = { name: 'Fern Finisher', email: 'fern.finisher@e2e.test' };
const CO_OWNER = { name: 'Gil Jointly', email: 'gil.jointly@e2e.test' };
const OWNER_ADDRESS = '21 Completion Close';
const CONVEYANCER = { name: 'Cass Conveyancer', email: `cass.conveyancer.${Date.now()}@e2e.test` };

const pad = (n: number) => String(n).padStart(2, '0');
/** Today as the web app shows a time it is given (dd/MM/yyyy, the browser's own time zone). */
/** The day `days` from today (UTC, as the server dates the offer) as a date input takes it. */
const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const localToday = () => {
  const d = new Date();
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
};
/** Today as the server writes the completion date into the chip (dd/MM/yyyy, UTC). */
const utcToday = () => {
  const d = new Date();
  return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
};

test('FLOW-01 after submission: the firm verifies both owners, records the offer, issues the report and the statement both accept, and completes the case', async ({
  page,
  browser,
}) => {
  test.setTimeout(480_000);

  // The broker's case, the quote accepted by the owner, who adds her co-owner (he joins from his
  // own browser), fills it in and submits it. Each owner uploads a photo ID and a selfie and
  // submits their identity (their app's calls). The owner's page is closed while the firm
  // works (no background refresh racing these calls' own).
  const { customer, context: owner, caseId, origin } = await clientWithAcceptedQuote(page, browser, OWNER, OWNER_ADDRESS);
  await customer.close();
  const request = owner.request;
  const coOwner = await joinAsCoOwner(browser, request, origin, caseId, CO_OWNER, OWNER_ADDRESS);
  await submitRemortgage(request, origin, caseId, OWNER_ADDRESS, 'JOINT_TENANCY');
  const evidence = {
    [OWNER.name]: await submitIdentity(request, origin, caseId),
    [CO_OWNER.name]: await submitIdentity(coOwner.request, origin, caseId),
  };
  // And a bank statement nobody asked for, sent by mistake.
  await uploadDocument(request, origin, caseId, 'BANK_STATEMENT', 'statement.pdf');

  // The conveyancer signs in (e-mail link, then the authenticator app) and opens the case.
  const { context: staffContext, page: staff, totp, enrolStep } = await signInConveyancer(browser, CONVEYANCER);
  await staff.goto(`/staff/cases/remortgaging/${caseId}`);
  await expect(staff.getByRole('heading', { level: 1, name: new RegExp(OWNER_ADDRESS) })).toBeVisible();
  const status = staff.getByTestId('case-status');
  await expect(status).toContainText('Identity Verification');

  // Identity: each owner submitted today, with their own photo ID and selfie to open (never the
  // other owner's). The case moves on once both are verified.
  for (const [name, { photoId, selfie }] of Object.entries(evidence)) {
    const identity = staff.getByRole('group', { name: `Identity of ${name}` });
    await expect(identity).toContainText(`Submitted ${localToday()}`);
    await expect(identity.getByRole('link')).toHaveCount(2);
    await expect(identity.getByRole('link', { name: 'Open photo ID' })).toHaveAttribute('href', `/api/document/${photoId}`);
    await expect(identity.getByRole('link', { name: 'Open selfie' })).toHaveAttribute('href', `/api/document/${selfie}`);
  }
  // The photo ID previewed over the case (a frame the page's policy allows), then closed.
  const refused: string[] = [];
  staff.on('console', (m) => {
    if (m.text().includes('Content Security Policy')) refused.push(m.text());
  });
  await staff
    .getByRole('group', { name: `Identity of ${OWNER.name}` })
    .getByRole('button', { name: 'Preview Photo ID' })
    .click();
  const preview = staff.getByRole('dialog', { name: 'Photo ID' });
  await expect(preview.locator('iframe[title="Photo ID"]')).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => staff.frames().map((f) => f.url().split(':')[0])).toContain('blob');
  await expectAccessible(staff);
  await preview.getByRole('button', { name: 'Close' }).click();
  await expect(preview).toBeHidden();
  expect(refused).toEqual([]);
  // Issue 29: the client care letter, drafted from the case and issued while identities are
  // checked; the case stays where it is until each owner accepts it (their app's call).
  const ours = staff.getByRole('region', { name: 'Documents we issue' });
  await ours.getByRole('button', { name: 'Draft client care letter' }).click();
  const letterDraft = ours.getByRole('listitem').filter({ has: staff.getByRole('link', { name: 'Open client care letter (draft)', exact: true }) });
  await expect(letterDraft).toBeVisible({ timeout: 30_000 });
  await letterDraft.getByRole('button', { name: 'Issue to customers' }).click();
  const issueLetter = staff.getByRole('dialog', { name: 'Issue client care letter?' });
  await expect(issueLetter).toContainText('The owners are told and asked to accept it.');
  await issueLetter.getByRole('button', { name: 'Issue', exact: true }).click();
  await expect(issueLetter).toBeHidden();
  await expect(status).toContainText('Identity Verification');
  expect(await acceptIssued(request, origin, caseId, 'CLIENT_CARE_LETTER')).toBe('IDENTITY_VERIFICATION');
  expect(await acceptIssued(coOwner.request, origin, caseId, 'CLIENT_CARE_LETTER')).toBe('IDENTITY_VERIFICATION');
  await staff.reload();

  // The firm's AML checks are recorded (issue 29); then the identities move the case on.
  await recordOpenTasks(staff.request, origin, 'REMORTGAGING', caseId);
  for (const [name, next] of [
    [OWNER.name, 'Identity Verification'],
    [CO_OWNER.name, 'Awaiting Mortgage Offer'],
  ]) {
    const identity = staff.getByRole('group', { name: `Identity of ${name}` });
    await identity.getByRole('button', { name: 'Verify identity' }).click();
    // What was compared: every check ticked before it verifies (issue 26.13).
    const verify = staff.getByRole('dialog', { name: `Verify ${name}'s identity` });
    for (const check of await verify.getByRole('checkbox').all()) await check.check();
    await verify.getByRole('button', { name: 'Verify identity' }).click();
    await expect(verify).toBeHidden();
    await expect(staff.getByText(`${name}'s identity is verified.`, { exact: false })).toBeVisible();
    await expect(identity).toContainText(`Verified ${localToday()}`);
    await expect(identity.getByRole('button')).toHaveCount(0);
    await expect(status).toContainText(next);
  }

  // The lender's offer arrives: recorded with its document, figures and dates (issue 26.13).
  const steps = staff.getByRole('region', { name: 'Next steps' });
  await steps.getByRole('button', { name: 'Record mortgage offer received' }).click();
  const offer = staff.getByRole('dialog', { name: 'Record the mortgage offer' });
  await offer.getByLabel('Offer document').setInputFiles({ name: 'offer.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(offer.getByText('Uploaded: offer.pdf')).toBeVisible();
  await offer.getByRole('textbox', { name: /^Lender/ }).fill('Nationwide Building Society');
  await offer.getByRole('textbox', { name: /^Amount of the advance/ }).fill('185000');
  await offer.getByLabel(/^Date of the offer/).fill(isoDay(-7));
  await offer.getByLabel(/^Offer expires on/).fill(isoDay(180));
  await offer.getByRole('textbox', { name: /^Special conditions/ }).fill('The existing charge is repaid at completion.');
  await offer.getByRole('button', { name: 'Record offer' }).click();
  await expect(offer).toBeHidden();
  await expect(status).toContainText('Preparing Mortgage Report');
  await expect(staff.getByRole('button', { name: 'Record mortgage offer received' })).toHaveCount(0);
  const recorded = staff.getByRole('region', { name: 'Mortgage offer' });
  await expect(recorded).toContainText('£185,000.00');
  await expect(recorded).toContainText('Nationwide Building Society');
  await expect(recorded.getByRole('link', { name: 'Download the offer' })).toBeVisible();

  // The mortgage report: the conveyancer's findings on the offer (issue 29: the report states
  // nothing else the file does not record), drafted from the case (rendering takes a moment),
  // then issued.
  const issued = staff.getByRole('region', { name: 'Documents we issue' });
  const item = (name: string) => issued.getByRole('listitem').filter({ has: staff.getByRole('link', { name, exact: true }) });
  await issued.getByRole('button', { name: 'Draft mortgage report' }).click();
  const findings = staff.getByRole('dialog', { name: 'Draft mortgage report' });
  await findings.getByRole('button', { name: 'Draft', exact: true }).click();
  await expect(findings.getByText('Write your finding')).toBeVisible();
  await findings
    .getByRole('textbox', { name: /What you checked in the offer/ })
    .fill('The offer names both owners and this property, for the amount applied for.');
  await findings.getByRole('button', { name: 'Draft', exact: true }).click();
  await expect(findings).toBeHidden({ timeout: 30_000 });
  const reportDraft = item('Open mortgage report (draft)');
  await expect(reportDraft).toBeVisible({ timeout: 30_000 });
  await expect(reportDraft.getByText('Draft', { exact: true })).toBeVisible();
  await reportDraft.getByRole('button', { name: 'Issue to customers' }).click();
  let confirm = staff.getByRole('dialog', { name: 'Issue mortgage report?' });
  await expect(confirm).toContainText('The owners are told and asked to accept it.');
  await confirm.getByRole('button', { name: 'Issue', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(status).toContainText('Mortgage Report Ready');
  const report = item('Open mortgage report');
  await expect(report.getByText('Issued', { exact: true })).toBeVisible();
  await expect(report).toContainText('Accepted by the owners');

  // Each owner accepts it (their app's call); the case waits for the second.
  expect(await acceptIssued(request, origin, caseId, 'MORTGAGE_REPORT')).toBe('MORTGAGE_REPORT_ACCEPTANCE');
  await staff.reload();
  await expect(report).toContainText(`${OWNER.name}Accepted ${localToday()}`);
  await expect(report).toContainText(`${CO_OWNER.name}Not yet`);
  await expect(status).toContainText('Mortgage Report Ready');
  expect(await acceptIssued(coOwner.request, origin, caseId, 'MORTGAGE_REPORT')).toBe('PREPARE_COMPLETION_STATEMENT');
  await staff.reload();
  await expect(status).toContainText('Preparing Completion Statement');
  await expect(report).toContainText(`${CO_OWNER.name}Accepted ${localToday()}`);

  // The stray statement is deleted: a reason and a fresh code (step-up), kept in the trail.
  const uploads = staff.getByRole('list', { name: 'Uploaded documents' });
  await uploads.getByRole('button', { name: 'Delete Bank statement' }).click();
  const removal = staff.getByRole('dialog', { name: 'Delete this document?' });
  await removal.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(removal.getByText('Say why the document is deleted')).toBeVisible();
  await removal.getByLabel('Why is it deleted?').fill('Sent by mistake: a remortgage needs no bank statement.');
  await removal.getByLabel('Code from your app').fill((await freshCode(staff, totp, enrolStep)).code);
  await expectAccessible(staff);
  await removal.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(removal).toBeHidden();
  await expect(staff.locator('#notistack-snackbar').filter({ hasText: 'Document deleted' })).toBeVisible();
  await expect(uploads.getByRole('button', { name: 'Delete Bank statement' })).toHaveCount(0);
  await staff.getByRole('button', { name: 'Audit trail' }).click();
  const trail = staff.getByRole('region', { name: 'Audit trail' });
  await expect(trail.getByRole('row').filter({ hasText: 'Document deleted' })).toContainText('Sent by mistake');

  // The completion statement likewise.
  await issued.getByRole('button', { name: 'Draft completion statement' }).click();
  const statementDraft = item('Open completion statement (draft)');
  await expect(statementDraft).toBeVisible({ timeout: 30_000 });
  await statementDraft.getByRole('button', { name: 'Issue to customers' }).click();
  confirm = staff.getByRole('dialog', { name: 'Issue completion statement?' });
  await confirm.getByRole('button', { name: 'Issue', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(status).toContainText('Completion Statement Ready');
  await expect(item('Open completion statement').getByText('Issued', { exact: true })).toBeVisible();

  // The case page with both documents issued, at a phone's width and a desktop's.
  await atBothWidths(staff, async () => {
    await expect(report.getByText('Issued', { exact: true })).toBeVisible();
    await expect(item('Open completion statement').getByText('Issued', { exact: true })).toBeVisible();
    await staff.waitForLoadState('networkidle');
  });
  await staff.setViewportSize({ width: 1280, height: 900 });

  // Both owners accept the statement; the conveyancer marks the case completed.
  expect(await acceptIssued(request, origin, caseId, 'COMPLETION_STATEMENT')).toBe('COMPLETION_STATEMENT_ACCEPTANCE');
  expect(await acceptIssued(coOwner.request, origin, caseId, 'COMPLETION_STATEMENT')).toBe('PENDING_COMPLETION');
  await staff.reload();
  await expect(status).toContainText('Pending Completion');
  // Issue 29: not completed before the legal file's tasks that come first.
  await expect(steps.getByRole('button', { name: 'Mark as completed' })).toBeDisabled();
  expect(
    await recordOpenTasks(staff.request, origin, 'REMORTGAGING', caseId, ['priority_search', 'certificate_of_title']),
  ).toEqual(['mortgage_deed_signed', 'bankruptcy_search']);
  // The OS1 in the back office: its priority expiry is a date, which brings the AP1's deadline
  // forward to 3 days before it (HMLR practice guide 12).
  await uploadDocument(staff.request, origin, caseId, 'PRIORITY_SEARCH', 'os1.pdf', 'REMORTGAGING');
  await staff.reload();
  const legalFile = staff.getByRole('region', { name: 'Legal file' });
  const os1 = legalFile.getByRole('listitem').filter({ hasText: 'Priority search of the register (OS1)' });
  await os1.getByRole('button', { name: 'Record as done' }).click();
  const recordOs1 = staff.getByRole('dialog', { name: /^Record as done/ });
  await recordOs1.getByLabel(/Priority expires on/).fill(daysAhead(10).iso);
  await recordOs1.getByRole('button', { name: 'Record as done' }).click();
  await expect(recordOs1).toBeHidden();
  await expect(os1).toContainText(`Priority expires on: ${daysAhead(10).shown}`);
  const ap1 = legalFile.getByRole('listitem').filter({ hasText: 'registration at HM Land Registry (AP1)' });
  await expect(ap1).toContainText(`Due ${daysAhead(7).shown}`);
  expect(await recordOpenTasks(staff.request, origin, 'REMORTGAGING', caseId)).toEqual(['certificate_of_title']);
  await staff.reload();
  await steps.getByRole('button', { name: 'Mark as completed', disabled: false }).click();
  const complete = staff.getByRole('dialog', { name: 'Mark as completed' });
  await complete.getByRole('button', { name: 'Confirm' }).click();
  await expect(staff.getByText(/^Moved to Completed/)).toBeVisible();
  await expect(complete).toBeHidden();
  await expect(status).toContainText('Completed');
  await staffContext.close();

  // The owners' case: completed today (the date is recorded by the worker), on the owner's page.
  const completedChip = `Completed ${utcToday()}`;
  for (const client of [request, coOwner.request]) {
    await expect.poll(async () => (await remortgageAsCustomer(client, origin, caseId)).status, { timeout: 20_000 }).toBe('COMPLETED');
  }
  await coOwner.context.close();
  const ownerPage = await owner.newPage();
  await expect(async () => {
    await ownerPage.goto(`/remortgaging/${caseId}`);
    await expect(ownerPage.getByText(completedChip, { exact: true }).first()).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await owner.close();
});
