// The back office's shared steps: the authenticator app (codes computed here from the key the
// page shows), a fresh code for a step-up, and a conveyancer made with the CLI signing in and
// setting up their app.
import { expect, type Browser, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { dismissConsent } from './app';
import { createUser, thresholdCli, type Cli } from './cli';
import { linkIn, waitForMailAbout } from './mail';

/** The authenticator app: SHA-1, 6 digits, 30-second steps. */
export function authenticator(secret: string) {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret.replace(/\s+/g, '')), algorithm: 'SHA1', digits: 6, period: 30 });
}

/** The current 30-second step. */
export function currentStep(): number {
  return OTPAuth.TOTP.counter({ period: 30 });
}

/**
 * A code the server has not seen yet, and its step. The server accepts each step once, and the
 * steps either side of the current one too (an authenticator's clock drifts): the step after
 * `after` is fresh at once unless `after` is itself the next step (then wait for the clock).
 */
export async function freshCode(page: Page, totp: OTPAuth.TOTP, after: number): Promise<{ code: string; step: number }> {
  while (after >= currentStep() + 1) {
    await page.waitForTimeout(OTPAuth.TOTP.remaining({ period: 30 }) + 250);
  }
  const step = Math.max(after + 1, currentStep());
  return { code: totp.generate({ timestamp: step * 30_000 }), step };
}

/**
 * A conveyancer made with the CLI signs in at /staff/login through the e-mailed link and sets up
 * their authenticator app (first visit); ends on the work queue, in a context of their own (at
 * the test's baseURL). `cli`: whose database they are made in (the run's server unless a
 * SecondServer's `cli` is given).
 */
export async function signInConveyancer(browser: Browser, person: { name: string; email: string }, cli: Cli = thresholdCli) {
  return signInStaff(browser, person, 'ROLE_CONVEYANCER', cli);
}

/** As {@link signInConveyancer}, for a member of staff with `role` (an administrator). */
export async function signInStaff(
  browser: Browser,
  person: { name: string; email: string },
  role: 'ROLE_CONVEYANCER' | 'ROLE_ADMIN',
  cli: Cli = thresholdCli,
) {
  createUser({ ...person, role }, cli);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto('/staff');
  await expect(page).toHaveURL(/\/staff\/login/);
  await dismissConsent(page);
  await page.getByLabel('Email address').fill(person.email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await page.goto(linkIn(await waitForMailAbout(person.email, 'sign-in link')));
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your authenticator app' })).toBeVisible({ timeout: 20_000 });
  const totp = authenticator(await page.getByLabel('Or enter this key').inputValue());
  const enrolStep = currentStep();
  await page.getByLabel('Code from your app').fill(totp.generate());
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Save these recovery codes. Each works once if you lose your phone.')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Work queue' })).toBeVisible();
  return { context, page, totp, enrolStep };
}
