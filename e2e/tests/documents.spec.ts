// Issue 11 end to end, documents: the broker's 'Download quote PDF' on the case page gives a PDF
// with the quote's total; the client's /documents lists the case and that quote document, and
// /documents/{caseType}/{caseId} shows it; any other caseType is the 404 page (DOCS-01..03).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { createCaseInWizard, dismissConsent, expectAccessible, finishFirstSignIn, signIn } from '../support/app';

// A surname the demo data does not use.
const CLIENT = { name: 'Dana Docsworth', email: 'dana.docsworth@e2e.test' };
const ADDRESS = '12 Docsworth Way';

/** Pence as the PDF prints them: 123456 → '£1,234.56'. */
function pounds(pence: number): string {
  const whole = Math.floor(Math.abs(pence) / 100).toLocaleString('en-GB');
  return `${pence < 0 ? '-' : ''}£${whole}.${String(Math.abs(pence) % 100).padStart(2, '0')}`;
}

test('the broker downloads the quote PDF; the client finds it on the documents pages', async ({ page, browser }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'broker@demo.threshold.test');
  await expect(page.getByRole('heading', { name: 'Remortgaging Cases' })).toBeVisible({ timeout: 90_000 });
  const caseId = Number((await createCaseInWizard(page, CLIENT, ADDRESS)).split('/').pop());

  // The quote's total, as the API gives it to the broker.
  const latest = await page.request.get(`/api/remortgaging/${caseId}/quote/latest`);
  expect(latest.ok()).toBe(true);
  const total = pounds(((await latest.json()) as { totalAmount: number }).totalAmount);

  const panel = page.getByRole('region', { name: 'Quote and invitations' });
  const button = panel.getByRole('button', { name: 'Download quote PDF' });
  await expect(button).toBeEnabled();
  await expectAccessible(page);
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toMatch(/^quote-\d+-\d+\.pdf$/);
  const file = await download.path();
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text).toContain(total);
  expect(text).toContain(ADDRESS);
  await expect(button).toBeEnabled();
  await expect(panel.getByRole('alert')).toHaveCount(0);

  // The client, on a phone-sized screen (375 px).
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const client = await context.newPage();
  await signIn(client, CLIENT.email);
  await finishFirstSignIn(client, CLIENT, /\/remortgaging/);

  // DOCS-01: the case with its quote document, linking to the case's documents page.
  await client.goto('/documents');
  await dismissConsent(client);
  await expect(client.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
  const entry = client.getByRole('region', { name: `Remortgage: ${ADDRESS}` });
  const generated = entry.getByRole('list', { name: 'Documents from Threshold' });
  await expect(generated.getByRole('listitem').filter({ hasText: 'Quote' })).toContainText(
    /quote-\d+-\d+\.pdf · \d{2}\/\d{2}\/\d{4}/,
  );
  await expect(generated.getByRole('link', { name: /^Download Quote/ })).toHaveAttribute(
    'href',
    /\/api\/document\/\d+$/,
  );
  await expectAccessible(client);

  // The Download link gives the same PDF to the client.
  const [again] = await Promise.all([
    client.waitForEvent('download'),
    generated.getByRole('link', { name: /^Download Quote/ }).click(),
  ]);
  expect(readFileSync(await again.path()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // DOCS-02: the case's own page.
  await entry.getByRole('link', { name: 'View all documents for this case' }).click();
  await expect(client).toHaveURL(new RegExp(`/documents/remortgaging/${caseId}$`));
  await expect(client.getByTestId('case-documents-title')).toHaveText(`Remortgage: ${ADDRESS}`);
  await expect(
    client.getByRole('list', { name: 'Documents from Threshold' }).getByRole('listitem'),
  ).toContainText('Quote');
  await expect(client.getByText('Nothing has been uploaded for this case yet.')).toBeVisible();
  await expectAccessible(client);

  // Both pages at 1280 px.
  await client.setViewportSize({ width: 1280, height: 900 });
  await expectAccessible(client);
  await client.goto('/documents');
  await expect(client.getByRole('region', { name: `Remortgage: ${ADDRESS}` })).toBeVisible();
  await expectAccessible(client);

  // DOCS-03: any other caseType is the 404 page.
  await client.goto('/documents/mortgage/1');
  await expect(client.getByRole('heading', { level: 1, name: 'Not found' })).toBeVisible();
  await context.close();
});
