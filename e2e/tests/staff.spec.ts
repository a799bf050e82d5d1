// Issue 14 end to end: the back office. A conveyancer made with the server's CLI signs in at
// /staff/login through the e-mailed link, sets up an authenticator app (codes computed here from
// the key the page shows), sees the work queue, opens a case a broker created and the customer
// took on, cancels it (a step that needs a reason and a fresh code), and finds the move in the
// audit trail. The queue and the case are checked with axe at 375 and 1280 px. The customer of
// that case is told /staff is not theirs.
import { expect, test, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { clientWithAcceptedQuote, dismissConsent, expectAccessible, expectNoSidewaysScroll } from '../support/app';
import { createUser } from '../support/cli';
import { linkIn, waitForMailAbout } from '../support/mail';

// Names the demo data does not use; the staff address is new on every run.
const CLIENT = { name: 'Quinn Queueby', email: 'quinn.queueby@e2e.test' };
const ADDRESS = '9 Backoffice Lane';
const STAFF = { name: 'Sasha Staffer', email: `sasha.staffer.${Date.now()}@e2e.test` };
const REASON = 'The customer asked us to stop: they are staying with their lender.';

/** The authenticator app: SHA-1, 6 digits, 30-second steps. */
function authenticator(secret: string) {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret.replace(/\s+/g, '')), algorithm: 'SHA1', digits: 6, period: 30 });
}

/**
 * A code from a later 30-second step than `after`: the server accepts each step once, so the
 * step-up code must not be the one the enrolment just used.
 */
async function freshCode(page: Page, totp: OTPAuth.TOTP, after: number): Promise<string> {
  while (OTPAuth.TOTP.counter({ period: 30 }) <= after) {
    await page.waitForTimeout(OTPAuth.TOTP.remaining({ period: 30 }) + 250);
  }
  return totp.generate();
}

async function atBothWidths(page: Page, ready: () => Promise<void>) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await ready();
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
  }
}

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
  const enrolStep = OTPAuth.TOTP.counter({ period: 30 });
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
  await expect(staff.getByRole('region', { name: 'Parties' })).toContainText(CLIENT.name);
  await expect(staff.getByRole('region', { name: 'Audit trail' }).getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
    'href',
    `/api/staff/cases/remortgaging/${caseId}/audit.csv`,
  );
  // The workflow diagram is drawn by mermaid in the browser (the source is there as well).
  const workflow = staff.getByRole('region', { name: 'Workflow' });
  await expect(workflow.getByRole('img', { name: /workflow/ })).toBeVisible({ timeout: 20_000 });
  await expect(workflow.getByText('Diagram source')).toBeVisible();
  await atBothWidths(staff, async () => {
    await expect(staff.getByRole('region', { name: 'Next steps' })).toBeVisible();
    await staff.waitForLoadState('networkidle');
  });

  // Cancel the case: a reason, and a fresh code (step-up) before a destructive step.
  const cancel = staff.getByRole('region', { name: 'Next steps' }).getByRole('button', { name: 'Cancel case', disabled: false });
  await cancel.click();
  const dialog = staff.getByRole('dialog', { name: 'Cancel case' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('Give a reason')).toBeVisible();
  await dialog.getByLabel('Reason').fill(REASON);
  await dialog.getByLabel('Code from your app').fill(await freshCode(staff, totp, enrolStep));
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
