// Issue 11 end to end, documents: the broker's 'Download quote PDF' on the case page gives a PDF
// with the quote's total; the client's /documents lists the case and that quote document, and
// /documents/{caseType}/{caseId} shows it; any other caseType is the 404 page (DOCS-01..03).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import {
  clientWithAcceptedQuote,
  createCaseInWizard,
  dismissConsent,
  expectAccessible,
  expectNoSidewaysScroll,
  finishFirstSignIn,
  signIn,
} from '../support/app';
import { apiPost } from '../support/api';
import { uploadSlot } from '../support/application';
import { PDF } from '../support/files';
import { remortgageAsCustomer } from '../support/submitted';

// Surnames the demo data does not use.
const CLIENT = { name: 'Dana Docsworth', email: 'dana.docsworth@e2e.test' };
const ADDRESS = '12 Docsworth Way';
const REPLACER = { name: 'Rhea Replacewell', email: 'rhea.replacewell@e2e.test' };
const REPLACER_ADDRESS = '4 Replacewell Lane';

/** 'statement.pdf, uploaded 02/04/2026': an uploaded slot's file line. */
const uploadedLine = (fileName: string) =>
  new RegExp(`^${fileName.replace(/\./g, '\\.')}, uploaded \\d{2}/\\d{2}/\\d{4}$`);

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

// Issue 26: the journeys as people live them. A lender reads as its name on every screen (never
// NATIONWIDE_BUILDING_SOCIETY, not even while a page loads); the Documents section says what to
// upload in a homeowner's words, and an uploaded slot shows its file's name and date with a way
// to replace it, at a phone's width and a desktop's.
test('the lender reads as its name; an uploaded document shows its file and date and can be replaced', async ({ page, browser }) => {
  test.setTimeout(300_000);
  const { customer, context, caseId, origin } = await clientWithAcceptedQuote(page, browser, REPLACER, REPLACER_ADDRESS);
  const casePath = `/remortgaging/${caseId}`;

  // Every page from here on records any moment its text shows the raw lender code.
  await customer.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { rawLender: string[] }).rawLender = seen;
    const look = () => {
      if (document.body?.innerText.includes('NATIONWIDE_BUILDING_SOCIETY')) seen.push(location.pathname);
    };
    new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true });
  });
  const rawLender = () => customer.evaluate(() => (window as unknown as { rawLender: string[] }).rawLender);

  await customer.goto(`${casePath}/application/key-facts`);
  const facts = customer.getByTestId('key-facts');
  await expect(facts).toContainText('New lender');
  await expect(facts).toContainText('Nationwide Building Society');
  expect(await rawLender()).toEqual([]);
  await expect(customer.locator('body')).not.toContainText('NATIONWIDE_BUILDING_SOCIETY');
  // The edit form names the same lender and property type in the same words.
  await customer.goto(`${casePath}/application/key-facts/edit`);
  await expect(customer.getByLabel('New lender (optional)').locator('option:checked')).toHaveText('Nationwide Building Society');
  await expect(customer.getByLabel('Property type (optional)').locator('option:checked')).toHaveText('Terraced house');
  expect(await rawLender()).toEqual([]);

  // Property Details and Owners (their own tests are the application's), so Documents opens.
  const caseRef = { caseType: 'REMORTGAGING', caseId };
  await apiPost(customer.request, origin, '/api/property', { ...caseRef, landOwnership: 'SOLE_OWNER', propertyType: 'TERRACED', tenure: 'FREEHOLD' });
  const lead = (await remortgageAsCustomer(customer.request, origin, caseId)).propertyOwners.find((o) => o.isLead)!;
  await apiPost(customer.request, origin, `/api/remortgaging/${caseId}/applicant/${lead.id}`, { addressLine1: REPLACER_ADDRESS });
  await apiPost(customer.request, origin, `/api/remortgaging/${caseId}/property-occupant`, { hasAdultOccupants: false });

  // The Documents section at a phone's width: what to upload, then the file by name and date.
  await customer.setViewportSize({ width: 375, height: 800 });
  await customer.goto(`${casePath}/application/documents`);
  await expect(customer.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
  const slot = customer.locator('[data-document-type="MORTGAGE_STATEMENT"]');
  await expect(slot.getByTestId('document-guidance')).toContainText('Your latest statement from your current mortgage lender');
  await expect(slot.getByTestId('document-status')).toHaveText('Not uploaded yet');
  await uploadSlot(customer, 'Mortgage statement', 'statement-march.pdf');
  await expect(slot.getByTestId('document-status')).toHaveText(uploadedLine('statement-march.pdf'));
  await expect(slot.getByRole('button', { name: 'Download Mortgage statement' })).toBeVisible();
  await expectAccessible(customer);
  await expectNoSidewaysScroll(customer);

  /** Replace: the button opens the file chooser; the new file fills the slot, the old one goes. */
  const replaceWith = async (fileName: string) => {
    const stored = customer.waitForResponse((r) => r.url().endsWith('/api/document') && r.request().method() === 'POST');
    const deleted = customer.waitForResponse((r) => /\/api\/document\/\d+$/.test(r.url()) && r.request().method() === 'DELETE');
    const chooser = customer.waitForEvent('filechooser');
    await slot.getByRole('button', { name: 'Replace Mortgage statement' }).click();
    await (await chooser).setFiles({ name: fileName, mimeType: 'application/pdf', buffer: PDF });
    expect((await stored).status()).toBe(201);
    expect((await deleted).status()).toBe(204);
    await expect(slot.getByTestId('document-status')).toHaveText(uploadedLine(fileName));
    await expect(slot).toHaveAttribute('data-uploaded', 'true');
  };
  await replaceWith('statement-april.pdf');
  await expectAccessible(customer);
  await expectNoSidewaysScroll(customer);

  // The same at a desktop's width.
  await customer.setViewportSize({ width: 1280, height: 900 });
  await expect(slot.getByRole('button', { name: 'Replace Mortgage statement' })).toBeVisible();
  await replaceWith('statement-may.pdf');
  await expectAccessible(customer);
  await expectNoSidewaysScroll(customer);

  // The case's documents hold the latest file only: each replaced one was deleted.
  await customer.goto(`/documents/remortgaging/${caseId}`);
  const uploaded = customer.getByRole('list', { name: 'Uploaded documents' });
  await expect(uploaded).toContainText('statement-may.pdf');
  await expect(uploaded).not.toContainText('statement-march.pdf');
  await expect(uploaded).not.toContainText('statement-april.pdf');
  expect(await rawLender()).toEqual([]);
  await context.close();
});
