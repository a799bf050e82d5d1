// Issue 2 end to end: sign-up, sign-in, links, sessions, dialogs and the shell, as a person
// would use them (checklist AUTH-*, LOGIN-*, SIGNUP-*, SETTINGS-*, NAV-*, DIALOG-*, COOKIE-*).
import { expect, test } from '@playwright/test';
import { dismissConsent, expectAccessible, signIn } from '../support/app';
import { linkIn, signInCount, waitForMail, waitForSignIn } from '../support/mail';

test('a new user signs up, opens the e-mailed link, tells us about themselves and lands signed in', async ({ page }) => {
  await page.goto('/signup');
  await dismissConsent(page);
  await expectAccessible(page);
  await page.getByLabel('Your name').fill('Sam Signup');
  await page.getByLabel('Email').fill('Sam.Signup@E2E.test');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Check your inbox')).toBeVisible();
  await expect(page.getByText('sam.signup@e2e.test')).toBeVisible();
  await expectAccessible(page);

  const mail = await waitForMail('sam.signup@e2e.test', 1);
  expect(mail.subject).toBe('Confirm your e-mail to join Threshold');
  await page.goto(linkIn(mail));
  await expect(page).toHaveURL(/\/about-you/);
  await expect(page.getByLabel('Preferred name')).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Preferred name').fill('Sam');
  await page.getByLabel('Legal first name').fill('Samuel');
  await page.getByLabel('Surname').fill('Signup');
  await page.getByLabel('Phone number').fill('07700 900123');
  await page.getByLabel('Date of birth').fill('1990-04-01');
  await page.getByRole('button', { name: 'Continue' }).click();

  // A customer with no case yet is taken to the start page (spec section 2, Case lists).
  await expect(page).toHaveURL(/\/remortgaging\/start$/);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByText('Sam', { exact: true })).toBeVisible();
  await expect(nav.getByText('sam.signup@e2e.test')).toBeVisible();
  await expectAccessible(page);
});

test('a returning user logs in with the spec texts, and a used link is refused', async ({ page, browser }) => {
  await page.goto('/login');
  await dismissConsent(page);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expectAccessible(page);
  // Other files sign the broker in too: this test's link is the next one.
  const before = signInCount('broker@demo.threshold.test');
  await page.getByLabel('Email address').fill('Broker@Demo.Threshold.test');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Check your inbox')).toBeVisible();
  await expect(page.getByText('broker@demo.threshold.test')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign up' })).toBeVisible();
  await page.getByRole('button', { name: 'Try again' }).or(page.getByRole('link', { name: 'Try again' })).click();
  await expect(page.getByLabel('Email address')).toBeVisible();

  const mail = await waitForSignIn('broker@demo.threshold.test', before + 1);
  expect(mail.subject).toBe('Your Threshold sign-in link');
  const link = linkIn(mail);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Remortgaging Cases' })).toBeVisible();
  // Brokers do not see the Documents navigation item (spec section 2).
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Documents' })).toHaveCount(0);

  const other = await browser.newContext();
  const again = await other.newPage();
  await again.goto(link);
  await expect(again).toHaveURL(/\/login/);
  await expect(again.getByText('Sorry, your magic link has expired, please enter your email address to login.')).toBeVisible();
  await other.close();
});

test('a protected page sends a visitor to /login and back there after signing in', async ({ page }) => {
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fsettings/);
  await dismissConsent(page);
  const before = signInCount('manager@demo.threshold.test');
  await page.getByLabel('Email address').fill('manager@demo.threshold.test');
  await page.getByRole('button', { name: 'Continue' }).click();
  const mail = await waitForSignIn('manager@demo.threshold.test', before + 1);
  expect(linkIn(mail)).toContain('redirectTo=%2Fsettings');
  await page.goto(linkIn(mail));
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByText('manager@demo.threshold.test').first()).toBeVisible();
  await expectAccessible(page);
});

test('log out everywhere from /settings ends the session in another browser too', async ({ browser }) => {
  const laptop = await browser.newContext();
  const phone = await browser.newContext();
  const a = await laptop.newPage();
  const b = await phone.newPage();
  await signIn(a, 'customer@demo.threshold.test');
  await expect(a.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await signIn(b, 'customer@demo.threshold.test');
  await expect(b.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();

  await a.goto('/settings');
  const sessions = a.getByRole('list', { name: 'Active sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await expect(sessions.getByText('This device')).toBeVisible();
  await expectAccessible(a);
  await a.getByRole('button', { name: 'Log out everywhere' }).click();
  await expect(a).toHaveURL(/\/login/);

  await b.goto('/settings');
  await expect(b).toHaveURL(/\/login/);
  await laptop.close();
  await phone.close();
});

test('a user who never accepted the policies must agree before going on', async ({ page }) => {
  await signIn(page, 'policy@e2e.test');
  await expect(page).toHaveURL(/\/about-you/);
  await page.getByLabel('Preferred name').fill('Pat');
  await page.getByLabel('Legal first name').fill('Patricia');
  await page.getByLabel('Surname').fill('Policy');
  await page.getByLabel('Phone number').fill('07700 900456');
  await page.getByLabel('Date of birth').fill('1975-09-30');
  await page.getByRole('button', { name: 'Continue' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sorry to interrupt you, but...' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'I agree' }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Sorry to interrupt you, but...' })).toHaveCount(0);
});

test('cookie consent asks once, keeps essential cookies on and remembers the choice for 365 days', async ({ page, context }) => {
  await page.goto('/login');
  const dialog = page.getByRole('dialog', { name: 'Cookies on Threshold' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Manage' }).click();
  await expect(page.getByRole('switch', { name: 'Analytics cookies' })).not.toBeChecked();
  await page.getByRole('button', { name: 'Accept selected' }).click();
  await expect(dialog).toBeHidden();
  const consent = (await context.cookies()).find((c) => /consent/i.test(c.name));
  expect(consent, 'a consent cookie').toBeTruthy();
  const days = (consent!.expires * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThan(366);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(dialog).toHaveCount(0);
});

test('a conveyancer signing in to the customer app is asked to log in again', async ({ page }) => {
  await signIn(page, 'conveyancer@demo.threshold.test');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('Please log in again to continue.')).toBeVisible();
});

test('the version toast offers an update when the server runs a newer release', async ({ page }) => {
  await page.route('**/version', (route) => route.fulfill({ json: { version: '99.0.0' } }));
  await page.goto('/login');
  await dismissConsent(page);
  const toast = page.getByText('Updates Available');
  await expect(toast).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(toast).toBeHidden();
});

test('unknown pages show the 404 text, and the navigation is a drawer on a phone', async ({ page }) => {
  await signIn(page, 'admin@demo.threshold.test');
  await expect(page.getByRole('heading', { name: 'Remortgaging Cases' })).toBeVisible();
  await page.goto('/no-such-page');
  await expect(page.getByText("Oh dear, it looks like the page you're looking for doesn't exist.")).toBeVisible();
  await expectAccessible(page);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/remortgaging');
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(page.getByRole('link', { name: 'Help' })).toBeVisible();
  await expectAccessible(page);
});
