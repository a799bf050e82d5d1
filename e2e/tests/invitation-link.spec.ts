// Issue 26, finding 3 end to end, at 375 px (a phone): one e-mail, not two. The broker's
// invitation names them and their firm, and its link signs the new client in on their case with
// no second e-mail (FLOW-03). The same link opened again fails as the spec says (AUTH-16,
// ERR-01), and /login then offers 'E-mail me a new link', which sends a fresh sign-in e-mail.
import { expect, test, type Page } from '@playwright/test';
import { createRemortgage, apiPost } from '../support/api';
import { expectAccessible, expectNoSidewaysScroll, finishFirstSignIn, signIn } from '../support/app';
import { linkIn, signInCount, waitForMail, waitForSignIn } from '../support/mail';

const BROKER = 'broker@demo.threshold.test';
const CLIENT = { name: 'Ivy Invitely', email: 'ivy.invitely@e2e.test' };
const EXPIRED = 'Sorry, your magic link has expired, please enter your email address to login.';

test.use({ viewport: { width: 375, height: 900 } });

/** Signs the browser out by dropping the session cookies (the cookie-consent choice stays). */
async function signOut(page: Page) {
  await page.context().clearCookies({ name: /threshold-(access|refresh)$/ });
}

test('the invitation signs the new client in on their case; opened again it offers a new link', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, BROKER);
  await expect(page.getByRole('heading', { level: 1, name: 'Remortgaging Cases' })).toBeVisible({ timeout: 30_000 });
  const origin = new URL(page.url()).origin;
  const caseId = await createRemortgage(page.request, origin, CLIENT, '26 Invitation Row');
  await apiPost(page.request, origin, '/api/quote/send', { caseType: 'REMORTGAGING', caseId });
  await signOut(page);

  // The invitation says who sent it, and its link is a sign-in link to the case.
  const invitation = await waitForMail(CLIENT.email, 1);
  expect(invitation.text).toContain('Bea Broker at Demo Mortgage Brokers Ltd has prepared a conveyancing quote');
  const link = linkIn(invitation);
  expect(link).toMatch(new RegExp(`^/login/auth\\?token=[^&]+&redirectTo=%2Fremortgaging%2F${caseId}$`));

  // Opened, it signs Ivy in and lands on her case: no 'Welcome back', no second e-mail.
  await page.goto(link);
  await finishFirstSignIn(page, CLIENT, new RegExp(`/remortgaging/${caseId}$`));
  await expect(page.getByRole('dialog', { name: 'Your Conveyancing Quote' })).toBeVisible({ timeout: 45_000 });
  expect(signInCount(CLIENT.email)).toBe(0);
  await expectNoSidewaysScroll(page);

  // The same link again, signed out: the spec's failure, then a fresh link in one click.
  await signOut(page);
  await page.goto(link);
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await expect(page.getByText(EXPIRED)).toBeVisible();
  const renew = page.getByRole('button', { name: 'E-mail me a new link' });
  await expect(renew).toBeVisible();
  await expectAccessible(page);
  await renew.click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  const fresh = await waitForSignIn(CLIENT.email, 1);
  expect(fresh.subject).toBe('Your Threshold sign-in link');
  await page.goto(linkIn(fresh));
  await expect(page).toHaveURL(new RegExp(`/remortgaging/${caseId}$`), { timeout: 20_000 });

  // /login opened directly offers no such button.
  await signOut(page);
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'E-mail me a new link' })).toHaveCount(0);
});
