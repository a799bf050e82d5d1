// Issue 12 end to end: the remortgaging application. A broker's client accepts the quote, fills
// every section as a person would (property details, owners, alterations, financial details),
// uploads the documents the engine asks for, submits, answers the feedback dialog and sees the
// post-submit tiles (checklist REM-APP-*, GUARD-*, DOCS-01..08, FEEDBACK-01..02/05..11). An
// owner who changed their legal name in Settings deletes the old one from Owners (CALLS-71).
import { expect, test, type Page } from '@playwright/test';
import { everySectionAtBothWidths, next, uploadSlot } from '../support/application';
import { atBothWidths, clientWithAcceptedQuote, expectAccessible } from '../support/app';

// Surnames the demo data does not use.
const CLIENT = { name: 'Ada Appleby', email: 'ada.appleby@e2e.test' };
const ADDRESS = '17 Appleby Row';
const RENAMED_CLIENT = { name: 'Olive Oldacre', email: 'olive.oldacre@e2e.test' };
const RENAMED_ADDRESS = '9 Oldacre Close';

/** Property Details (open on the page): sole owner, a terraced house, freehold; saved. */
async function fillPropertyDetails(page: Page) {
  await page.getByRole('radio', { name: /^Sole owner/ }).check();
  await page.getByLabel('Property type').selectOption('TERRACED');
  await page.getByRole('radio', { name: /^Freehold/ }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved').first()).toBeVisible();
}

const SECTIONS = [
  'key-facts',
  'property-details',
  'owners',
  'property-alterations',
  'financial-details',
  'documents',
  'review-and-submit',
];

test('a customer accepts the quote, completes every section, uploads the documents and submits', async ({ page, browser }) => {
  test.setTimeout(420_000);
  // The broker opens the case and sends the quote (the calls the web app makes; issue 11's
  // screens are tested in quote.spec.ts); the client signs in, onboards and accepts it.
  const { customer: client, context, caseId } = await clientWithAcceptedQuote(page, browser, CLIENT, ADDRESS);
  const casePath = `/remortgaging/${caseId}`;

  // REM-APP-11..16: Property Details opens once the quote is accepted; Owners is locked until
  // the land ownership is known, so it is not a link yet.
  await expect(client.getByRole('list', { name: 'Application sections' })).toBeVisible();
  await client.getByRole('link', { name: /Property Details/ }).click();
  await expect(client.getByRole('heading', { level: 1, name: 'Property Details' })).toBeVisible();
  await expect(client.getByText(ADDRESS).first()).toBeVisible();
  await expectAccessible(client);
  await fillPropertyDetails(client);

  // Owners: the client's own row needs the address; the adult-occupants question is answered.
  await next(client, 'Owners');
  await expect(client.getByText('Lead owner')).toBeVisible();
  await expect(client.getByText('Still needed:')).toBeVisible();
  // Issue 26, item 7: after 'Sole owner' no one else is offered; living at the property, the
  // owner is not asked for its address again.
  await expect(client.getByRole('heading', { name: 'Add an owner' })).toHaveCount(0);
  await client
    .getByRole('radiogroup', { name: 'Do you live at the property?' })
    .getByRole('radio', { name: 'Yes' })
    .check();
  await expect(client.getByLabel('Address line 1')).toHaveCount(0);
  await client.getByLabel('Occupation (optional)').fill('Architect');
  await client.getByRole('button', { name: 'Save details' }).click();
  await expect(client.getByText('All details given')).toBeVisible();
  const occupants = client.getByRole('radiogroup', { name: 'Do any other adults (18 or over) live at the property?' });
  await occupants.getByRole('radio', { name: 'No' }).click();
  await expect(occupants.getByRole('radio', { name: 'No' })).toBeChecked();
  await expect(client.getByText('Saving...')).toHaveCount(0);
  await expectAccessible(client);

  // Property Alterations: an extension whose documents the owner holds adds two document slots.
  await next(client, 'Property Alterations');
  await client.getByRole('radiogroup', { name: 'Has the property been altered since it was bought?' }).getByRole('radio', { name: 'Yes' }).check();
  await client.getByRole('button', { name: 'Save', exact: true }).click();
  await client.getByLabel('Type of alteration').selectOption('EXTENSION');
  await client.getByRole('radio', { name: /^An owner/ }).check();
  await client.getByRole('button', { name: 'Add alteration' }).click();
  await expect(client.getByRole('region', { name: 'Alterations' })).toContainText('Extension');
  await expectAccessible(client);

  // Financial Details: the current mortgage.
  await next(client, 'Financial Details');
  await client.getByRole('radiogroup', { name: 'Are there any existing loans or charges secured on the property?' }).getByRole('radio', { name: 'Yes' }).check();
  await client.getByRole('button', { name: 'Save', exact: true }).click();
  await client.getByLabel('Type of charge').selectOption('MORTGAGE');
  await client.getByLabel('Lender name (optional)').fill('Halifax');
  await client.getByRole('button', { name: 'Add charge' }).click();
  await expect(client.getByRole('region', { name: 'Existing charges' })).toContainText('Halifax');

  // Documents: the engine's slots — the mortgage statement, and the extension's two.
  await next(client, 'Documents');
  await expectAccessible(client);
  await uploadSlot(client, 'Mortgage statement', 'statement.pdf');
  await uploadSlot(client, 'Planning permission', 'planning.pdf');
  await uploadSlot(client, 'Building regulations completion certificate', 'completion-certificate.pdf');

  // Every section, now all open, at a phone's width and a desktop's: axe finds nothing and
  // the page never scrolls sideways.
  await everySectionAtBothWidths(client, casePath, SECTIONS);

  // Review & Submit: nothing left to do; submit, then the feedback dialog.
  await expect(client.getByText('Everything needed is complete.')).toBeVisible();
  // Issue 26: Submit waits for the declaration.
  await expect(client.getByRole('button', { name: 'Submit application' })).toBeDisabled();
  await client.getByRole('checkbox', { name: /I confirm the information I have given is true/ }).check();
  await client.getByRole('button', { name: 'Submit application' }).click();
  await expect(client).toHaveURL(new RegExp(`${casePath}$`));
  const feedback = client.getByRole('dialog', { name: 'How was your experience?' });
  await expect(feedback).toBeVisible();
  // Issue 26: the rating is five stars to a screen reader, with no sixth 'Empty' option.
  const rating = feedback.getByRole('group', { name: 'Your rating' });
  await expect(rating.getByRole('radio')).toHaveCount(5);
  await expect(feedback.getByRole('radio', { name: /empty/i })).toHaveCount(0);
  // FEEDBACK-05: the rating is required.
  await feedback.getByRole('button', { name: 'Submit feedback' }).click();
  await expect(feedback.getByText('Please rate your experience')).toBeVisible();
  // Seen twice under load: the star's click not taking (the radio stayed unchecked for 10 s).
  // The click is retried until the star is checked; the submit below then proves the form kept it.
  await expect(async () => {
    await feedback.locator('label', { hasText: '4 stars, good' }).click();
    await expect(feedback.getByRole('radio', { name: '4 stars, good' })).toBeChecked({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await feedback.getByLabel('Comment (optional)').fill('Clear and quick.');
  await feedback.getByRole('button', { name: 'Submit feedback' }).click();
  await expect(client.getByText('Thanks! your feedback has been submitted')).toBeVisible();
  await expect(feedback).toBeHidden();

  // REM-POST: once submitted the sections are hidden and the tiles are shown.
  await expect(client.getByText('We are waiting for every owner to verify their identity.')).toBeVisible();
  for (const tile of ['Verify Identity', 'Upload Documents', 'Mortgage Report', 'Completion Statement']) {
    await expect(client.getByText(tile, { exact: true }).first()).toBeVisible();
  }
  await expect(client.getByRole('link', { name: /Property Details/ })).toHaveCount(0);
  // GUARD-*: a section's address now leads back to the list.
  await client.goto(`${casePath}/application/property-details`);
  await expect(client).toHaveURL(/\/remortgaging$/);
  // FEEDBACK-08: not asked twice for the same point and case.
  await client.goto(casePath);
  await expect(client.getByText('We are waiting for every owner to verify their identity.')).toBeVisible();
  await expect(client.getByRole('dialog', { name: 'How was your experience?' })).toHaveCount(0);
  await context.close();
});

test('an owner deletes a previous legal name from the Owners section', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const { customer, context, caseId } = await clientWithAcceptedQuote(page, browser, RENAMED_CLIENT, RENAMED_ADDRESS);
  const casePath = `/remortgaging/${caseId}`;
  // First sign-in gave 'Olive' and 'Oldacre' as the legal name (support/app.ts).
  const oldName = RENAMED_CLIENT.name;
  const newName = 'Olive Newacre';

  // Settings: a new legal name; the old one becomes a previous name, ended today.
  await customer.goto('/settings');
  const legal = customer.getByRole('form', { name: 'Legal name' });
  await expect(legal.getByLabel('Surname')).toHaveValue('Oldacre');
  await legal.getByLabel('Surname').fill('Newacre');
  await legal.getByRole('button', { name: 'Save legal name' }).click();
  await expect(customer.getByRole('list', { name: 'Previous legal names' }).getByText(oldName)).toBeVisible();

  // Owners opens once Property Details gives the land ownership.
  await customer.goto(`${casePath}/application/property-details`);
  await expect(customer.getByRole('heading', { level: 1, name: 'Property Details' })).toBeVisible();
  await fillPropertyDetails(customer);
  await next(customer, 'Owners');
  await expect(customer.getByText(newName)).toBeVisible();
  const previous = customer.getByRole('list', { name: 'Previous legal names' });
  await expect(previous.getByRole('listitem')).toHaveCount(1);
  await expect(previous.getByRole('listitem')).toContainText(oldName);
  await expect(previous.getByText(`Until ${today()}`, { exact: true })).toBeVisible();
  await atBothWidths(customer, () => expect(previous).toBeVisible());

  // Delete: the toast, and the name gone from the case and from Settings.
  const deleted = customer.waitForResponse(
    (r) => r.request().method() === 'DELETE' && r.url().includes(`/api/remortgaging/${caseId}/applicant/`),
  );
  await previous.getByRole('button', { name: `Delete previous name ${oldName}` }).click();
  expect((await deleted).status()).toBe(204);
  await expect(customer.getByText('Previous name deleted')).toBeVisible();
  await expect(customer.getByRole('list', { name: 'Previous legal names' })).toHaveCount(0);
  await expect(customer.getByRole('heading', { name: 'Previous legal names' })).toHaveCount(0);
  await customer.reload();
  await expect(customer.getByText(newName)).toBeVisible();
  await expect(customer.getByRole('heading', { name: 'Previous legal names' })).toHaveCount(0);
  await customer.goto('/settings');
  await expect(customer.getByRole('form', { name: 'Legal name' }).getByLabel('Surname')).toHaveValue('Newacre');
  await expect(customer.getByRole('list', { name: 'Previous legal names' })).toHaveCount(0);
  await context.close();
});

/** Today as the app shows a date (dd/mm/yyyy). */
function today() {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
}
