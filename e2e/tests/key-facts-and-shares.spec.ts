// Issue 12: a customer changes the key facts through /application/key-facts/edit (REM-APP-03,
// CALLS-18), and tenants in common give their shares of the property (CALLS-07, ENUM-08), at
// 1280 and 375 px.
import { expect, test } from '@playwright/test';
import { apiPost } from '../support/api';
import { clientWithAcceptedQuote, expectAccessible, expectNoSidewaysScroll } from '../support/app';

// Names the demo data does not use.
const CLIENT = { name: 'Tessa Tenant', email: 'tessa.tenant@e2e.test' };
const CO_OWNER = { name: 'Colin Tenant', email: 'colin.tenant@e2e.test' };
const ADDRESS = '8 Commonhold Lane';

test('a customer edits the key facts, then tenants in common give their shares', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const { customer: client, context, caseId, origin } = await clientWithAcceptedQuote(page, browser, CLIENT, ADDRESS);

  // Key Facts: the summary links to the form, which is filled in from the case.
  await client.goto(`/remortgaging/${caseId}/application/key-facts`);
  await client.getByRole('link', { name: 'Edit key facts' }).click();
  await expect(client.getByRole('heading', { level: 1, name: 'Edit key facts' })).toBeVisible();
  const value = client.getByLabel('Property value (£)');
  await expect(value).toHaveValue('300000');
  await expectAccessible(client);
  await value.fill('325000');
  await client.getByRole('button', { name: 'Save', exact: true }).click();
  // The new facts re-quote the case: the customer is taken to the new quote to accept it
  // before the sections after it open again.
  await expect(client).toHaveURL(new RegExp(`/remortgaging/${caseId}/application/quote$`));
  await expect(client.getByText(/Key facts saved\. Your quote has been worked out again/)).toBeVisible();
  await client.getByRole('button', { name: 'Accept Quote & Continue' }).click();
  await expect(client).toHaveURL(new RegExp(`/remortgaging/${caseId}$`));
  await client.goto(`/remortgaging/${caseId}/application/key-facts`);
  await expect(client.getByTestId('key-facts')).toContainText('£325,000');

  // Tenants in common with a co-owner: the Owners section asks for the shares.
  await apiPost(client.request, origin, '/api/property', {
    caseType: 'REMORTGAGING',
    caseId,
    landOwnership: 'TENANTS_IN_COMMON',
    propertyType: 'TERRACED',
    tenure: 'FREEHOLD',
  });
  await apiPost(client.request, origin, '/api/remortgaging/applicant', {
    caseId,
    preferredName: CO_OWNER.name,
    email: CO_OWNER.email,
  });
  await client.goto(`/remortgaging/${caseId}/application/owners`);
  const shares = client.getByRole('form', { name: 'Shares in the property' });
  await expect(shares).toBeVisible();
  await shares.getByLabel(`${CLIENT.name}’s share (%)`).fill('60');
  await shares.getByLabel(`${CO_OWNER.name}’s share (%)`).fill('30');
  await expect(shares.getByTestId('shares-total')).toHaveText('Total: 90%');
  await shares.getByRole('button', { name: 'Save shares' }).click();
  await expect(shares.getByText('The shares must add up to 100%')).toBeVisible();
  await shares.getByLabel(`${CO_OWNER.name}’s share (%)`).fill('40');
  await shares.getByRole('button', { name: 'Save shares' }).click();
  await expect(shares.getByText('Shares saved')).toBeVisible();
  await expectAccessible(client);

  // Saved on the server: a fresh load shows them, and the page fits a phone.
  await client.setViewportSize({ width: 375, height: 812 });
  await client.reload();
  await expect(shares.getByLabel(`${CLIENT.name}’s share (%)`)).toHaveValue('60');
  await expect(shares.getByLabel(`${CO_OWNER.name}’s share (%)`)).toHaveValue('40');
  await expectNoSidewaysScroll(client);
  await expectAccessible(client);
  await context.close();
});
