// Issue 33, part 1 (FLAG-02, FLAG-03): the source-of-funds page behind the SOF feature. A
// broker's client buys with a mortgage and her savings. Without SOF her case page offers no
// source-of-funds entry and the page's address leads back to the case; once the firm's operator
// gives her account SOF (`threshold user set-features`), she answers how her savings were built
// up; the conveyancer asks for more in the back office; she reads what the firm needs and
// answers again; the conveyancer accepts it and the page shows it accepted, with the answers
// closed. At a phone's width and a desktop's.
import { expect, test } from '@playwright/test';
import { atBothWidths, clientWithAcceptedQuote, expectAccessible } from '../support/app';
import { thresholdCli } from '../support/cli';
import { signInConveyancer } from '../support/staff';
import { submitPurchase } from '../support/submitted';

// Names the demo data and the other specs do not use.
const CLIENT = { name: 'Sadie Saver', email: 'sadie.saver@e2e.test' };
const ADDRESS = '7 Savers Walk';
const CONVEYANCER = { name: 'Fenella Funds', email: 'fenella.funds@threshold.test' };
const WHAT_WE_NEED = 'Please upload 12 months of statements for the savings account.';

test('FLAG-02/03: the buyer accounts for her savings and the firm accepts them', async ({ page, browser }) => {
  test.setTimeout(300_000);
  const { customer, caseId, origin } = await clientWithAcceptedQuote(page, browser, CLIENT, ADDRESS, { kind: 'buying' });
  const casePath = `/buying/${caseId}`;
  const pagePath = `${casePath}/source-of-funds`;
  await submitPurchase(customer.request, origin, caseId, ADDRESS, [{ sourceType: 'SAVINGS', amount: 2_500_000 }]);

  // FLAG-03: without SOF, no entry, and the page's address leads back to the case.
  await customer.goto(casePath);
  await expect(customer.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(customer.getByRole('link', { name: 'Source of funds' })).toHaveCount(0);
  await customer.goto(pagePath);
  await expect(customer).toHaveURL(new RegExp(`${casePath}$`));

  // FLAG-02: with SOF, the case page leads to the page, which lists each source.
  thresholdCli(['user', 'set-features', '--email', CLIENT.email, '--features', 'BUYING,SOF']);
  await customer.goto(casePath);
  await customer.getByRole('link', { name: 'Source of funds' }).click();
  await expect(customer).toHaveURL(new RegExp(`${pagePath}$`));
  await expect(customer.getByRole('heading', { name: 'Source of funds', level: 1 })).toBeVisible();
  const savings = customer.getByRole('listitem', { name: 'Savings', exact: true });
  await atBothWidths(customer, async () => {
    await expect(savings).toContainText('Tell us about it');
  });
  await expectAccessible(customer);

  await savings.getByRole('textbox', { name: 'Where did this money come from?' }).fill('Saved from my salary as a pharmacist');
  await savings.getByRole('textbox', { name: 'Over how long was it built up?' }).fill('About five years');
  await savings.getByRole('textbox', { name: 'Whose name is the account in?' }).fill('Sadie Saver');
  await savings.getByRole('button', { name: 'Save' }).click();
  await expect(savings).toContainText('With us to review');

  // The conveyancer asks for more.
  const { page: staff } = await signInConveyancer(browser, CONVEYANCER);
  await staff.goto(`/staff/cases/buying/${caseId}`);
  const panel = staff.getByRole('region', { name: 'Sources of funds' });
  const row = panel.getByRole('listitem').filter({ hasText: 'Saved from my salary as a pharmacist' });
  await expect(row).toContainText('Ready to review');
  await row.getByRole('button', { name: /^Ask for more about/ }).click();
  const ask = staff.getByRole('dialog', { name: /^Ask for more about/ });
  await ask.getByRole('textbox', { name: 'What do you need?' }).fill(WHAT_WE_NEED);
  await ask.getByRole('button', { name: 'Send' }).click();
  await expect(ask).toBeHidden();
  await expect(row).toContainText('More asked for');

  // She reads what the firm needs, and answers again.
  await customer.reload();
  await expect(savings).toContainText('We need more');
  await expect(savings).toContainText(`What we need: ${WHAT_WE_NEED}`);
  await savings.getByRole('textbox', { name: 'Over how long was it built up?' }).fill('Five years, statements from 2021 uploaded');
  await savings.getByRole('button', { name: 'Save' }).click();
  await expect(savings).toContainText('With us to review');

  // The conveyancer accepts it; her answers are closed.
  await staff.reload();
  await expect(row).toContainText('Ready to review');
  await row.getByRole('button', { name: /^Accept / }).click();
  await expect(row).toContainText('Accepted');
  await customer.reload();
  await atBothWidths(customer, async () => {
    await expect(savings).toContainText('Accepted');
  });
  await expect(savings.getByRole('textbox')).toHaveCount(0);
  await expect(savings).toContainText('Five years, statements from 2021 uploaded');
});
