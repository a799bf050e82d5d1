// Shared steps of the application journeys (remortgaging and buying): the wizard's Next link,
// an upload into a required-document slot, and the sweep of every section at both widths.
import { expect, type Page } from '@playwright/test';
import { expectAccessible, expectNoSidewaysScroll } from './app';
import { PDF } from './files';

/** Follows the wizard's Next link to the named section (it waits for the engine to open it). */
export async function next(page: Page, label: string) {
  await page.getByRole('link', { name: `Next: ${label}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
}

/** Uploads a PDF into the slot labelled `label` and waits for the server to keep it. */
export async function uploadSlot(page: Page, label: string, fileName: string) {
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/document') && r.request().method() === 'POST');
  await page.getByLabel(`Upload ${label} file`).setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: PDF });
  expect((await uploaded).status()).toBe(201);
  await expect(page.getByRole('button', { name: `Delete ${label}` })).toBeVisible();
}

/** Every section at a phone's width and a desktop's: axe finds nothing, no sideways scroll. */
export async function everySectionAtBothWidths(page: Page, casePath: string, sections: readonly string[]) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const key of sections) {
      await page.goto(`${casePath}/application/${key}`);
      await expect(page).toHaveURL(new RegExp(`/application/${key}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page);
      await expectNoSidewaysScroll(page);
    }
  }
}
