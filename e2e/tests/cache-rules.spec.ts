// The spec's cache rules in a real browser (issue 26): after a successful mutation every active
// query is fetched again, GET /auth/me among them (CACHE-10: accepting the policies), and the
// notification badge's count, fresh for 20 s, is not fetched again on focus (CACHE-02, CACHE-04)
// nor by its poll.
import { expect, test } from '@playwright/test';
import { signIn } from '../support/app';
import { createUser } from '../support/cli';

test('accepting the policies fetches /auth/me again; a fresh feed count is not fetched again on focus', async ({ page }) => {
  test.setTimeout(90_000);
  const email = `cass.cache.${Date.now()}@e2e.test`;
  createUser({ email, name: 'Cass Cache', role: 'ROLE_USER' });
  const gets: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'GET') gets.push(new URL(r.url()).pathname);
  });
  const count = (path: string) => gets.filter((p) => p === path).length;

  await signIn(page, email);
  await expect(page).toHaveURL(/\/about-you/);
  await page.getByLabel('Preferred name').fill('Cass');
  await page.getByLabel('Legal first name').fill('Cassandra');
  await page.getByLabel('Surname').fill('Cache');
  await page.getByLabel('Phone number').fill('07700 900456');
  await page.getByLabel('Date of birth').fill('1980-02-14');
  await page.getByRole('button', { name: 'Continue' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sorry to interrupt you, but...' });
  await expect(dialog).toBeVisible();
  // The badge's count is one of the page's active queries.
  await expect.poll(() => count('/api/feed/counts')).toBeGreaterThan(0);

  // CACHE-10: the profile and the badge are fetched again once the acceptance succeeded.
  const me = count('/api/auth/me');
  const counts = count('/api/feed/counts');
  const accepted = page.waitForResponse((r) => r.url().endsWith('/api/auth/accept-policies'));
  await dialog.getByRole('button', { name: 'I agree' }).click();
  expect((await accepted).ok()).toBe(true);
  await expect(dialog).toBeHidden();
  await expect.poll(() => count('/api/auth/me')).toBeGreaterThan(me);
  await expect.poll(() => count('/api/feed/counts')).toBeGreaterThan(counts);

  // CACHE-02/04: focus within 20 s of that fetch asks for nothing again, and neither does the
  // poll (the count was fetched every 4 s before issue 26).
  const fresh = { me: count('/api/auth/me'), counts: count('/api/feed/counts') };
  await page.evaluate(() => {
    window.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('focus'));
  });
  await page.waitForTimeout(6_000);
  expect({ me: count('/api/auth/me'), counts: count('/api/feed/counts') }).toEqual(fresh);
});
