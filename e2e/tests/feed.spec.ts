// Issue 11, the notification feed with more than a page (NOTIF-01..03): a broker admin sends
// 35 quotes to one client; the client accepts each (through the API, as the web app does), and
// every acceptance is an update in the broker's feed. /notifications shows 30 a page, page 2
// the rest; archiving one takes it off the list and the unread badge down, without a reload.
// Also 'Report an issue' (QUOTE-05): the client's message reaches the broker's e-mail and the
// quote section.
import { expect, test, type Page } from '@playwright/test';
import { apiPost as post, createRemortgage } from '../support/api';
import { dismissConsent, expectAccessible, expectNoSidewaysScroll, FEED_DELIVERY_MS, finishFirstSignIn, signIn } from '../support/app';
import { waitForMailAbout } from '../support/mail';

const BROKER = 'admin@demo.threshold.test';
const CLIENT = { name: 'Fern Feedley', email: 'fern.feedley@e2e.test' };
const CASES = 35;
const PAGE_SIZE = 30;

/** 'N notifications, M unread' as the page says it (0 when the feed is empty). */
async function feedTotal(page: Page): Promise<number> {
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const count = page.getByTestId('feed-count');
  const empty = page.getByText('You have no notifications.');
  await expect(count.or(empty)).toBeVisible();
  if (await empty.isVisible()) return 0;
  return Number((await count.textContent())!.match(/^(\d+) notification/)![1]);
}

test('35 updates: two pages, archiving one moves the count and the badge; a reported issue reaches the broker', async ({ page, browser, baseURL }) => {
  test.setTimeout(300_000);
  const origin = baseURL!;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, BROKER);
  await expect(page.getByRole('heading', { name: 'Remortgaging Cases' })).toBeVisible({ timeout: 90_000 });
  const before = await feedTotal(page);

  const cases: number[] = [];
  for (let n = 1; n <= CASES; n++) {
    const caseId = await createRemortgage(page.request, origin, CLIENT, `${n} Feedley Row`);
    await post(page.request, origin, '/api/quote/send', { caseType: 'REMORTGAGING', caseId });
    cases.push(caseId);
  }

  // The client signs in once and answers every invitation as the quote modal would.
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const client = await context.newPage();
  await signIn(client, CLIENT.email);
  await finishFirstSignIn(client, CLIENT, /\/remortgaging/);
  const [first, ...rest] = cases;
  for (const caseId of rest) {
    await post(client.request, origin, `/api/remortgaging/${caseId}/invitation/respond`, { accepted: true });
    const quote = (await (await client.request.get(`/api/remortgaging/${caseId}/quote/latest`)).json()) as { id: number };
    await post(client.request, origin, `/api/quote/${quote.id}/accept`, { caseType: 'REMORTGAGING', caseId });
  }

  // QUOTE-05: the first case's quote, in the modal: 'Report an issue' sends the message.
  const modal = client.getByRole('dialog', { name: 'Your Conveyancing Quote' });
  await client.goto(`/remortgaging/${first}`);
  await expect(modal).toBeVisible({ timeout: FEED_DELIVERY_MS });
  await expect(modal).toContainText('For the remortgage of 1 Feedley Row');
  await modal.getByRole('button', { name: 'Report an issue' }).click();
  const report = client.getByRole('dialog', { name: 'Report an issue' });
  await report.getByRole('button', { name: 'Send to your broker' }).click();
  await expect(report.getByText('Please tell us what is wrong with the quote')).toBeVisible();
  await report.getByLabel('What is wrong with the quote?').fill('The search fee looks twice what you told me on the phone.');
  await expectAccessible(client);
  await report.getByRole('button', { name: 'Send to your broker' }).click();
  await expect(report.getByRole('status')).toContainText('Your message has been sent to');
  await report.getByRole('button', { name: 'Close' }).click();
  await expect(report).toBeHidden();
  // Answering the last invitation: its update makes 35 in the broker's feed.
  await modal.getByRole('button', { name: 'Accept Quote & Continue' }).click();
  await expect(modal).toBeHidden({ timeout: 15_000 });
  await context.close();

  // The broker's e-mail names the case and sends them to the quote, not the message itself.
  const mail = await waitForMailAbout(BROKER, `reported an issue with the quote for case ${first}`);
  expect(mail.text).toContain('1 Feedley Row');
  expect(mail.text).not.toContain('search fee');

  // NOTIF-01..03: 30 a page; page 2 has the rest.
  await expect.poll(() => feedTotal(page), { timeout: 30_000 }).toBe(before + CASES + 1);
  const list = page.getByRole('list', { name: 'Notifications' });
  await expect(list.getByRole('listitem')).toHaveCount(PAGE_SIZE);
  await expectAccessible(page);
  await page.getByRole('navigation', { name: 'Notifications pagination' }).getByRole('button', { name: 'Go to page 2' }).click();
  const onPage2 = before + CASES + 1 - PAGE_SIZE;
  await expect(list.getByRole('listitem')).toHaveCount(Math.min(onPage2, PAGE_SIZE));

  // Archiving one: the list, the count line and the badge move on without a reload.
  const nav = page.getByRole('link', { name: /^Notifications/ });
  const unreadBefore = Number((await nav.getAttribute('aria-label'))!.match(/(\d+) unread/)![1]);
  await list.getByRole('listitem').first().getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByTestId('feed-count')).toHaveText(
    new RegExp(`^${before + CASES} notifications, ${unreadBefore - 1} unread$`),
  );
  await expect(nav).toHaveAttribute('aria-label', new RegExp(`, ${unreadBefore - 1} unread$`));

  // At 375 px the page still fits.
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  // The broker reads the report with the quote.
  await page.goto(`/remortgaging/${first}/application/quote`);
  const issues = page.getByRole('region', { name: 'Issues reported about this quote' });
  await expect(issues).toContainText('The search fee looks twice what you told me on the phone.');
  await expect(issues).toContainText(CLIENT.name);
  await expectAccessible(page);
  await dismissConsent(page);
});
