// Shared steps: consent, signing in through the real e-mail link, and the axe scan.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type Page } from '@playwright/test';
import { apiPost, createPurchase, createRemortgage } from './api';
import { linkIn, signInCount, waitForSignIn } from './mail';

/**
 * How long an invitation's modal may take to appear: its feed item is delivered by a worker
 * job, and a try that fails is retried 5 s later, then 10 s (the worker's backoff).
 */
export const FEED_DELIVERY_MS = 45_000;

/** Accepts only essential cookies if the consent dialog is showing. */
export async function dismissConsent(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Cookies on Threshold' });
  // The banner comes up once the page has started; a fresh browser always gets it, so wait
  // for it a moment rather than look once (it could appear just after and cover the page).
  const shown = await dialog
    .waitFor({ state: 'visible', timeout: 3_000 })
    .then(() => true)
    .catch(() => false);
  if (shown) {
    await dialog.getByRole('button', { name: 'Manage' }).click();
    await page.getByRole('button', { name: 'Accept selected' }).click();
    await expect(dialog).toBeHidden();
  }
}

/** Asks for a link at /login and opens the one that arrives by e-mail. */
export async function signIn(page: Page, email: string) {
  const before = signInCount(email);
  await page.goto('/login');
  await dismissConsent(page);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Check your inbox')).toBeVisible();
  const mail = await waitForSignIn(email, before + 1);
  await page.goto(linkIn(mail));
}

/** A customer a broker signed up, as they first sign in. */
export interface NewClient {
  name: string;
  email: string;
}

/**
 * What a client the broker signed up meets after the sign-in link: 'About you' first (when
 * they have not given their details yet), then the policies dialog, which comes before any
 * invitation modal. Ends on the page they were going to (`landing`).
 */
export async function finishFirstSignIn(page: Page, client: NewClient, landing: RegExp) {
  await expect(page).toHaveURL(new RegExp(`/about-you|${landing.source}`), { timeout: 20_000 });
  if (new URL(page.url()).pathname === '/about-you') {
    const [first, ...rest] = client.name.split(' ');
    await page.getByLabel('Preferred name').fill(client.name);
    await page.getByLabel('Legal first name').fill(first);
    await page.getByLabel('Surname').fill(rest.join(' ') || first);
    await page.getByLabel('Phone number').fill('07700 900456');
    await page.getByLabel('Date of birth').fill('1985-06-15');
    await page.getByRole('button', { name: 'Continue' }).click();
  }
  await expect(page).toHaveURL(landing, { timeout: 20_000 });
  const policy = page.getByRole('dialog', { name: 'Sorry to interrupt you, but...' });
  if (await policy.waitFor({ timeout: 5_000 }).then(() => true, () => false)) {
    await expect(page.getByRole('dialog', { name: 'Your Conveyancing Quote' })).toHaveCount(0);
    await policy.getByRole('button', { name: 'I agree' }).click();
    await expect(policy).toBeHidden();
  }
}

/** Fails on any accessibility violation axe finds on the page as it looks once settled. */
export async function expectAccessible(page: Page) {
  // Mid-transition (a dialog fading in or out) text is partly transparent and axe reports a
  // contrast nobody ever sees. Finite transitions are run to their end state first (waiting
  // for them instead hangs in a page the browser is not painting); spinners loop forever and
  // are left alone.
  // A transition can also start just after that (focus moving into a dialog), so a finding is
  // checked again on the settled page: a real violation is still there, a transient one is not.
  let summary: string[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.evaluate(() => {
      for (const animation of document.getAnimations()) {
        if (animation.effect?.getTiming().iterations !== Infinity) animation.finish();
      }
    });
    const results = await new AxeBuilder({ page }).analyze();
    summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
    if (summary.length === 0) break;
    await page.waitForTimeout(500);
  }
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * Fails when the page is wider than the window (a sideways scroll on a phone). Polls, because
 * after a resize the layout (drawer, table or cards) switches on React's next render.
 */
export async function expectNoSidewaysScroll(page: Page) {
  await expect
    .poll(
      () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      { message: `document wider than the window on ${page.url()}`, timeout: 5_000 },
    )
    .toBeLessThanOrEqual(0);
}

/**
 * At a phone's width and a desktop's: axe finds nothing and the page never scrolls sideways.
 * `ready` waits for what the page must show; the scan waits for its files (a PDF preview) too.
 * Ends at 1280 px.
 */
export async function atBothWidths(page: Page, ready: () => Promise<void>) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await ready();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
  }
}

/** A post-submit tile of the case page ('Case progress'), by its key. */
export const caseTile = (page: Page, key: string) =>
  page.getByRole('list', { name: 'Case progress' }).locator(`[data-key="${key}"]`);

/**
 * A broker opens a remortgage for `client` through the start wizard, as a person would;
 * ends on the new case's page and returns its path.
 */
export async function createCaseInWizard(page: Page, client: NewClient, addressLine1: string): Promise<string> {
  await page.goto('/remortgaging/start');
  await page.getByLabel('Where is the property?').selectOption('ENGLAND');
  for (const question of [
    'Is the remortgage dependent on a sale?',
    'Is the property owned by a company?',
    'Is it a buy-to-let property?',
  ]) {
    await page.getByRole('radiogroup', { name: question }).getByLabel('No').check();
  }
  await page.getByRole('radiogroup', { name: 'Is the property residential?' }).getByLabel('Yes').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel("Client's preferred name").fill(client.name);
  await page.getByLabel("Client's email address").fill(client.email);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Address line 1').fill(addressLine1);
  await page.getByLabel('Town (optional)').fill('Canterbury');
  await page.getByLabel('Postcode').fill('CT1 1AA');
  await page.getByLabel('Property value (£)').fill('350,000');
  await page.getByLabel('Loan amount (£, optional)').fill('200000');
  await page.getByLabel('New lender (optional)').selectOption('NATIONWIDE_BUILDING_SOCIETY');
  await page.getByRole('button', { name: 'Create case' }).click();
  await expect(page).toHaveURL(/\/remortgaging\/\d+$/);
  return new URL(page.url()).pathname;
}

/** Which case a broker opens for a client: a remortgage, or a purchase in England or Wales. */
export type NewCase = { kind: 'remortgaging' } | { kind: 'buying'; jurisdiction?: 'ENGLAND' | 'WALES' };

/**
 * A broker's client with the quote accepted: the demo broker (signed in on `page`) opens a
 * remortgage (or, with `newCase`, a purchase) for `client` at `address` and sends the quote; the
 * client signs in in a new context, onboards and accepts it in the modal. Leaves the client on
 * the case page.
 */
export async function clientWithAcceptedQuote(
  page: Page,
  browser: Browser,
  client: NewClient,
  address: string,
  newCase: NewCase = { kind: 'remortgaging' },
) {
  const { kind } = newCase;
  await signIn(page, 'broker@demo.threshold.test');
  await expect(page.getByRole('heading', { name: 'Remortgaging Cases' })).toBeVisible({ timeout: 30_000 });
  const origin = new URL(page.url()).origin;
  const caseId =
    newCase.kind === 'buying'
      ? await createPurchase(page.request, origin, client, address, newCase.jurisdiction)
      : await createRemortgage(page.request, origin, client, address);
  const caseType = kind === 'buying' ? 'BUYING' : 'REMORTGAGING';
  await apiPost(page.request, origin, '/api/quote/send', { caseType, caseId });
  const { customer, context } = await clientAcceptsQuote(browser, client, kind, caseId);
  return { customer, context, caseId, origin };
}

/**
 * The client of a case whose quote the broker has sent signs in in a new context (`width` px
 * wide), onboards and accepts the quote in the modal. Leaves the client on the case page.
 */
export async function clientAcceptsQuote(
  browser: Browser,
  client: NewClient,
  kind: NewCase['kind'],
  caseId: number,
  width = 1280,
) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const customer = await context.newPage();
  await signIn(customer, client.email);
  // A client whose only case is a purchase starts on /buying (issue 15's home).
  await finishFirstSignIn(customer, client, new RegExp(`/${kind}`));
  const modal = customer.getByRole('dialog', { name: 'Your Conveyancing Quote' });
  await expect(modal).toBeVisible({ timeout: FEED_DELIVERY_MS });
  await modal.getByRole('button', { name: 'Accept Quote & Continue' }).click();
  await expect(customer).toHaveURL(new RegExp(`/${kind}/${caseId}$`));
  return { customer, context };
}
