// Issue 11 end to end: the broker's quote reaches the customer. A broker creates a case and
// sends the quote; the client's e-mail leads them to sign in; the modal over the shell shows
// the quote; accepting moves the case to CUSTOMER_APPLICATION (checklist QUOTE-*, INVITE-*,
// NOTIF-*). Also the lender's invite declined, a quote that cannot be found, and (issue 26) a
// purchase quote read before it is accepted, in the modal and in its section.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiPost, createPurchase } from '../support/api';
import {
  createCaseInWizard,
  expectAccessible,
  expectNoSidewaysScroll,
  FEED_DELIVERY_MS,
  finishFirstSignIn,
  signIn,
} from '../support/app';
import { linkIn, signInCount, waitForMail, waitForSignIn, type Mail } from '../support/mail';

// Surnames the demo data does not use, so the name search finds exactly these cases.
const CLIENT = { name: 'Quinn Quotely', email: 'quinn.quotely@e2e.test', surname: 'Quotely' };
const LENDER_CLIENT = { name: 'Lee Lendwell', email: 'lee.lendwell@e2e.test', surname: 'Lendwell' };
const LOST_CLIENT = { name: 'Mo Missingly', email: 'mo.missingly@e2e.test', surname: 'Missingly' };

const QUOTE_TITLE = 'Your Conveyancing Quote';
// QUOTE-02: the demo broker and their firm.
const PREPARED_BY = 'Prepared by Bea Broker, Demo Mortgage Brokers Ltd';
const BUYER = { name: 'Rory Readfirst', email: 'rory.readfirst@e2e.test' };

// The consent dialog opens with Manage / Accept all; choosing here keeps it out of the way.
test.beforeEach(async ({ page }) => {
  await page.goto('/login');
  const dialog = page.getByRole('dialog', { name: 'Cookies on Threshold' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Manage' }).click();
  await dialog.getByRole('button', { name: 'Accept selected' }).click();
  await expect(dialog).toBeHidden();
});

/** Asks for a sign-in link at /login (the current page) and opens the one e-mailed. */
async function askForLink(page: Page, email: string) {
  const before = signInCount(email);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Check your inbox')).toBeVisible();
  // A server that has just started may still be seeding the demo cases.
  await expect.poll(() => signInCount(email), { timeout: 90_000 }).toBeGreaterThan(before);
  await page.goto(linkIn(await waitForSignIn(email, before + 1)));
}

async function signInPatiently(page: Page, email: string) {
  await page.goto('/login');
  await askForLink(page, email);
}

/** QUOTE-12: the broker sends the quote from the case page; the client is listed as invited. */
async function sendQuote(page: Page, client: { name: string }) {
  const panel = page.getByRole('region', { name: 'Quote and invitations' });
  await expect(panel.getByRole('button', { name: 'Send quote' })).toBeEnabled();
  await expectAccessible(page);
  await panel.getByRole('button', { name: 'Send quote' }).click();
  await expect(page.getByText('Quote sent')).toBeVisible();
  const invitee = panel.getByRole('list', { name: 'Invitations' }).getByRole('listitem').filter({ hasText: client.name });
  await expect(invitee).toContainText(/Sent \d{2}\/\d{2}\/\d{4}/);
  await expect(invitee).toContainText('Not opened yet');
  await expect(page.getByText('We are waiting for the lead customer to accept the invite from the broker.')).toBeVisible();
  return invitee;
}

/** The case address in a case e-mail: a sign-in link if it has one, else the case page. */
function caseLinkIn(mail: Mail): string {
  if (/\/login\/auth\?token=/.test(mail.text)) return linkIn(mail);
  const match = mail.text.match(/https?:\/\/\S+\/(remortgaging|buying)\/\d+/);
  if (!match) throw new Error(`no case link in "${mail.subject}"`);
  return new URL(match[0]).pathname;
}

/**
 * The client opens the link in their invitation e-mail, signs in through the e-mailed sign-in
 * link (the invitation's own link when it carries one), and completes onboarding if asked.
 */
async function clientSignsInFromInvitation(page: Page, client: { name: string; email: string }, invitation: Mail) {
  const link = caseLinkIn(invitation);
  await page.goto(link);
  if (!link.startsWith('/login/auth')) {
    // Not signed in yet: the case page sends the visitor to /login and back after signing in.
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fremortgaging%2F\d+/);
    await askForLink(page, client.email);
  }
  await finishFirstSignIn(page, client, /\/remortgaging\/\d+$/);
}

test('a broker sends the quote, the client signs in from the e-mail, accepts it and the case moves on', async ({ page, browser }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInPatiently(page, 'broker@demo.threshold.test');
  await expect(page.getByRole('heading', { name: 'Remortgaging Cases' })).toBeVisible();
  const casePath = await createCaseInWizard(page, CLIENT, '11 Quotely Close');
  const invitee = await sendQuote(page, CLIENT);

  // QUOTE-12: resend to the one applicant: a second invitation e-mail.
  const invitation = await waitForMail(CLIENT.email, 1);
  expect(invitation.subject).toMatch(/quote/i);
  expect(invitation.text).toContain('11 Quotely Close');
  await invitee.getByRole('button', { name: `Resend to ${CLIENT.name}` }).click();
  await expect(page.getByText('Invitation sent again')).toBeVisible();
  await expect(invitee).toContainText('(2 times)');
  const again = await waitForMail(CLIENT.email, 2);
  expect(again.subject).toBe(invitation.subject);

  // The client, on a phone-sized screen (375 px).
  const clientContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const client = await clientContext.newPage();
  await client.goto('/login');
  await client.getByRole('dialog', { name: 'Cookies on Threshold' }).getByRole('button', { name: 'Manage' }).click();
  await client.getByRole('button', { name: 'Accept selected' }).click();
  await clientSignsInFromInvitation(client, CLIENT, again);
  expect(new URL(client.url()).pathname).toBe(casePath);

  // INVITE-01, QUOTE-01..04: the quote modal over the shell.
  const modal = client.getByRole('dialog', { name: QUOTE_TITLE });
  await expect(modal).toBeVisible({ timeout: FEED_DELIVERY_MS });
  await expect(modal.getByText(PREPARED_BY, { exact: true })).toBeVisible();
  await expect(modal.getByText('For the remortgage of 11 Quotely Close')).toBeVisible();
  await expect(modal.getByRole('table', { name: 'Quote summary' }).getByRole('row', { name: /^Total £[\d,]+\.\d{2}$/ })).toBeVisible();
  // Issue 28 (4): a remortgage asks for no up-front payment, and its quote says so.
  await expect(modal.getByRole('row', { name: /^Up-front payment/ })).toHaveCount(0);
  await expect(modal.getByTestId('quote-terms')).toContainText('There is no up-front payment');
  await expect(modal.getByRole('heading', { level: 3 }).first()).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Report an issue' })).toBeVisible();
  // No sideways scrolling at 375 px.
  await expectNoSidewaysScroll(client);
  await expectAccessible(client);

  // QUOTE-05: 'Report an issue' names the broker (sending it is in feed.spec.ts).
  await modal.getByRole('button', { name: 'Report an issue' }).click();
  const report = client.getByRole('dialog', { name: 'Report an issue' });
  await expect(report.getByText(/^Tell Bea Broker.* what doesn't look right in this quote/)).toBeVisible();
  await expectAccessible(client);
  await report.getByRole('button', { name: 'Cancel' }).click();
  await expect(report).toBeHidden();

  // INVITE-07..09: accept → respond, accept the quote, archive, the case page.
  const respond = client.waitForResponse((r) => r.url().endsWith('/invitation/respond') && r.request().method() === 'POST');
  const accepted = client.waitForResponse((r) => /\/quote\/\d+\/accept$/.test(r.url()));
  await modal.getByRole('button', { name: 'Accept Quote & Continue' }).click();
  // (The browser streams request bodies, so the answers are checked by what the server did.)
  expect((await respond).status()).toBe(200);
  expect(await (await accepted).json()).toMatchObject({ status: 'CUSTOMER_APPLICATION' });
  await expect(modal).toBeHidden();
  await expect(client).toHaveURL(new RegExp(`${casePath}$`));
  await expect(client.getByText('Please continue with the application and submit it for review.')).toBeVisible();
  await expect(client.locator('[data-colour]').first()).toContainText(/Customer Application/i);
  await expectAccessible(client);

  // INVITE-08: after a reload no modal comes back; the quote is in its section, accepted.
  await client.reload();
  await expect(client.getByRole('list', { name: 'Application sections' })).toBeVisible();
  await client.goto(`${casePath}/application/quote`);
  await expect(client.getByRole('region', { name: QUOTE_TITLE })).toBeVisible();
  await expect(client.getByText(/You accepted this quote on \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await expect(client.getByRole('button', { name: 'Accept Quote & Continue' })).toHaveCount(0);
  await expect(client.getByRole('dialog', { name: QUOTE_TITLE })).toHaveCount(0);
  await expectAccessible(client);

  // NOTIF-01: /notifications lists what is left; nothing waits to be answered.
  await client.goto('/notifications');
  await expect(client.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expectAccessible(client);
  await clientContext.close();

  // The broker sees the answer and the new status message.
  await page.goto(casePath);
  const answered = page.getByRole('list', { name: 'Invitations' }).getByRole('listitem').filter({ hasText: CLIENT.name });
  await expect(answered).toContainText(/Accepted \d{2}\/\d{2}\/\d{4}/);
  await expect(answered).toContainText(/Opened \d{2}\/\d{2}\/\d{4}/);
  await expectAccessible(page);
  await page.goto(`/remortgaging?propertyOwnerName=${CLIENT.surname}`);
  const card = page.getByRole('article').filter({ hasText: CLIENT.name });
  await expect(card.getByText(/awaiting completion/)).toBeVisible();

  // NOTIF-01, NOTIF-03: the broker's feed tells them; the badge counts it; archive removes it.
  await page.goto('/notifications');
  const feed = page.getByRole('list', { name: 'Notifications' });
  const update = feed.getByRole('listitem').filter({ hasText: '11 Quotely Close' });
  await expect(update.first()).toBeVisible();
  const updates = await update.count();
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /^Notifications, \d+ unread$/ }),
  ).toBeVisible();
  await expectAccessible(page);
  await update.first().getByRole('button', { name: 'Archive' }).click();
  await expect(update).toHaveCount(updates - 1);
});

test("a lender's invite is declined: the declined screen, Close, and a client with no other case is logged out", async ({ page, browser }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInPatiently(page, 'lender@demo.threshold.test');
  await expect(page.getByRole('heading', { name: 'Remortgaging Cases' })).toBeVisible();
  const casePath = await createCaseInWizard(page, LENDER_CLIENT, '12 Lendwell Lane');
  await sendQuote(page, LENDER_CLIENT);
  const invitation = await waitForMail(LENDER_CLIENT.email, 1);

  const clientContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const client = await clientContext.newPage();
  await client.goto('/login');
  await client.getByRole('dialog', { name: 'Cookies on Threshold' }).getByRole('button', { name: 'Manage' }).click();
  await client.getByRole('button', { name: 'Accept selected' }).click();
  await clientSignsInFromInvitation(client, LENDER_CLIENT, invitation);

  // QUOTE-06, QUOTE-07: the lender variant.
  const modal = client.getByRole('dialog', { name: 'Your Conveyancing Invite' });
  await expect(modal).toBeVisible({ timeout: FEED_DELIVERY_MS });
  await expect(modal.getByRole('button', { name: 'Accept Invitation' })).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Accept Quote & Continue' })).toHaveCount(0);
  await expectAccessible(client);

  // QUOTE-08: Decline Invitation → {accepted:false} → the declined screen.
  const respond = client.waitForResponse((r) => r.url().endsWith('/invitation/respond'));
  await modal.getByRole('button', { name: 'Decline Invitation' }).click();
  // Declined: the case goes back to the lender.
  expect(await (await respond).json()).toMatchObject({ status: 'BROKER_APPLICATION' });
  const declined = client.getByRole('dialog', { name: 'You have declined this quote and invitation' });
  await expect(declined).toBeVisible();
  await expectAccessible(client);

  // INVITE-11: Close archives; this client's only case was this one, so they are logged out.
  await declined.getByRole('button', { name: 'Close' }).click();
  await expect(client).toHaveURL(/\/login/);
  await clientContext.close();

  // The lender sees the decline; the case is back with them.
  await page.goto(casePath);
  const answered = page.getByRole('list', { name: 'Invitations' }).getByRole('listitem').filter({ hasText: LENDER_CLIENT.name });
  await expect(answered).toContainText(/Declined \d{2}\/\d{2}\/\d{4}/);
  await expect(page.getByText('This application is currently being prepared by the broker.')).toBeVisible();
});

test("a quote that cannot be found says so, and 'Close the message' closes it for good", async ({ page, browser }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInPatiently(page, 'broker@demo.threshold.test');
  await expect(page.getByRole('heading', { name: 'Remortgaging Cases' })).toBeVisible();
  await createCaseInWizard(page, LOST_CLIENT, '13 Missingly Mews');
  await sendQuote(page, LOST_CLIENT);
  const invitation = await waitForMail(LOST_CLIENT.email, 1);

  const clientContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const client = await clientContext.newPage();
  // QUOTE-09: the server answers 404 for the latest quote.
  await client.route('**/api/remortgaging/*/quote/latest', (route) =>
    route.fulfill({ status: 404, json: { error: { code: 'not_found', message: 'No quote' } } }),
  );
  await client.goto('/login');
  await client.getByRole('dialog', { name: 'Cookies on Threshold' }).getByRole('button', { name: 'Manage' }).click();
  await client.getByRole('button', { name: 'Accept selected' }).click();
  await clientSignsInFromInvitation(client, LOST_CLIENT, invitation);
  const missing = client.getByRole('dialog', { name: "Sorry, we couldn't find your quote." });
  await expect(missing).toBeVisible({ timeout: FEED_DELIVERY_MS });
  await expectAccessible(client);
  await missing.getByRole('button', { name: 'Close the message' }).click();
  await expect(missing).toBeHidden();

  // The item was archived: with the real quote back, no modal opens again.
  await client.unroute('**/api/remortgaging/*/quote/latest');
  await client.reload();
  await expect(client.getByRole('list', { name: 'Application sections' })).toBeVisible();
  await client.waitForTimeout(5_000);
  await expect(client.getByRole('dialog', { name: QUOTE_TITLE })).toHaveCount(0);
  await clientContext.close();
});

/**
 * Issue 26: a person sees what they accept first. 'Accept Quote & Continue' lies below the
 * total, the terms and the land-tax estimate (page positions: a button pinned over a quote still
 * to scroll fails this).
 */
async function expectAcceptAfterWhatItAccepts(scope: Locator) {
  const accept = await scope.getByRole('button', { name: 'Accept Quote & Continue' }).boundingBox();
  expect(accept).not.toBeNull();
  for (const [what, read] of [
    ['the total', scope.getByRole('row', { name: /^Total £/ })],
    ['the terms', scope.getByTestId('quote-terms')],
    ['the land-tax estimate', scope.getByTestId('land-tax')],
  ] as const) {
    const box = await read.boundingBox();
    expect(box, what).not.toBeNull();
    expect(accept!.y, `the button below ${what}`).toBeGreaterThanOrEqual(box!.y + box!.height);
  }
}

test('QUOTE-02 QUOTE-10: a purchase quote names the broker and firm, puts Accept after what it accepts, and its section leads back', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'broker@demo.threshold.test');
  await expect(page.getByRole('heading', { name: 'Remortgaging Cases' })).toBeVisible({ timeout: 90_000 });
  const origin = new URL(page.url()).origin;
  const caseId = await createPurchase(page.request, origin, BUYER, '14 Readfirst Row');
  await apiPost(page.request, origin, '/api/quote/send', { caseType: 'BUYING', caseId });
  const casePath = `/buying/${caseId}`;

  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const client = await context.newPage();
  // First the Quote section, as a client who opens it before the modal comes: the feed's items
  // are held back until the section has been read.
  await client.route('**/api/feed?*', async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, json: { ...(await res.json()), items: [] } });
  });
  await signIn(client, BUYER.email);
  await finishFirstSignIn(client, BUYER, /\/buying/);
  await client.goto(`${casePath}/application/quote`);
  const section = client.getByRole('region', { name: QUOTE_TITLE });
  await expect(section.getByText(PREPARED_BY, { exact: true })).toBeVisible();
  for (const width of [375, 1280]) {
    await client.setViewportSize({ width, height: 812 });
    await expect(section.getByTestId('land-tax')).toBeVisible();
    await expectAcceptAfterWhatItAccepts(section);
    await expectNoSidewaysScroll(client);
  }
  // Not a dead end: Previous leads back to Key Facts, like every other section's.
  const sectionNav = client.getByRole('navigation', { name: 'Application sections' });
  await sectionNav.getByRole('link', { name: 'Previous: Key Facts' }).click();
  await expect(client).toHaveURL(new RegExp(`${casePath}/application/key-facts$`));

  // Then the modal, at both widths, accepted.
  await client.unroute('**/api/feed?*');
  await client.goto(casePath);
  const modal = client.getByRole('dialog', { name: QUOTE_TITLE });
  await expect(modal).toBeVisible({ timeout: FEED_DELIVERY_MS });
  await expect(modal.getByText(PREPARED_BY, { exact: true })).toBeVisible();
  for (const width of [1280, 375]) {
    await client.setViewportSize({ width, height: 812 });
    await expect(modal.getByTestId('land-tax')).toBeVisible();
    await expectAcceptAfterWhatItAccepts(modal);
  }
  await expectAccessible(client);
  await modal.getByRole('button', { name: 'Accept Quote & Continue' }).click();
  // The modal closes once the server has recorded the answer (the URL was this one already).
  await expect(modal).toBeHidden({ timeout: 15_000 });
  await expect(client).toHaveURL(new RegExp(`${casePath}$`));

  // Accepted once, for good: the section says so and offers no second Accept, and the modal
  // does not come back on a fresh load.
  // The feed is read inside the route: a response the old page was still polling for is gone
  // once the page navigates, so waiting for "a /api/feed response" races the navigation.
  type FeedItem = { kind: string; data: { caseId: number | null } };
  const feed: { items: FeedItem[] | null } = { items: null };
  await client.route('**/api/feed?*', async (route) => {
    const res = await route.fetch();
    feed.items = (await res.json()).items;
    await route.fulfill({ response: res });
  });
  await client.goto(`${casePath}/application/quote`);
  await expect.poll(() => feed.items, { timeout: FEED_DELIVERY_MS }).not.toBeNull();
  expect(feed.items!.filter((i) => i.data.caseId === caseId && i.kind === 'case-quote')).toEqual([]);
  await expect(section.getByTestId('quote-accepted')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Accept Quote & Continue' })).toHaveCount(0);
  await expect(client.getByRole('dialog', { name: QUOTE_TITLE })).toHaveCount(0);
  await context.close();
});
