// Writes a screenshot of every top-level route at 375 px and 1280 px to docs/screens/, so a
// reviewer can see the product without running it (`make screens`; issue 15). The names are
// <route>-<width>.png; signed-in pages are shown as the demo customer and the demo broker.
import { expect, test, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { dismissConsent, signIn } from '../support/app';

const OUT = fileURLToPath(new URL('../../docs/screens/', import.meta.url));
const WIDTHS = [375, 1280];

/** Waits for the page to settle (data loaded, transitions over) and writes the file. */
async function shoot(page: Page, name: string, width: number) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
  // Run finite transitions (dialogs, toasts) to their end; spinners loop and are left alone.
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      if (animation.effect?.getTiming().iterations !== Infinity) animation.finish();
    }
  });
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `${OUT}${name}-${width}.png`, fullPage: true, animations: 'disabled' });
}

async function visit(page: Page, path: string, name: string, width: number) {
  await page.goto(path);
  await shoot(page, name, width);
}

for (const width of WIDTHS) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: width < 600 ? 812 : 800 } });

    test('signed out', async ({ page }) => {
      await page.goto('/login');
      await dismissConsent(page);
      await shoot(page, 'login', width);
      await visit(page, '/signup', 'signup', width);
    });

    test('customer', async ({ page }) => {
      await signIn(page, 'customer@demo.threshold.test');
      await expect(page).toHaveURL(/\/remortgaging/, { timeout: 90_000 });
      await shoot(page, 'customer-remortgaging', width);
      const caseLink = await page.locator('[data-case-id]').first().getByRole('link', { name: /^(Continue|Review) case/ }).getAttribute('href');
      await visit(page, '/buying', 'customer-buying', width);
      await visit(page, caseLink!, 'customer-case', width);
      await visit(page, '/documents', 'customer-documents', width);
      await visit(page, '/notifications', 'customer-notifications', width);
      await visit(page, '/help', 'customer-help', width);
      await visit(page, '/settings', 'customer-settings', width);
    });

    test('broker', async ({ page }) => {
      await signIn(page, 'broker@demo.threshold.test');
      await expect(page).toHaveURL(/\/remortgaging/, { timeout: 90_000 });
      await shoot(page, 'broker-remortgaging', width);
      await page.getByRole('button', { name: 'Show as table' }).click();
      await shoot(page, 'broker-remortgaging-table', width);
      await page.getByRole('button', { name: 'Show as cards' }).click();
      const caseLink = await page.locator('[data-case-id]').first().getByRole('link', { name: /^(Continue|Review) case/ }).getAttribute('href');
      await visit(page, '/buying', 'broker-buying', width);
      await visit(page, '/remortgaging/start', 'broker-remortgaging-start', width);
      await visit(page, caseLink!, 'broker-case', width);
      await visit(page, '/notifications', 'broker-notifications', width);
      await visit(page, '/no-such-page', 'not-found', width);
    });
  });
}
