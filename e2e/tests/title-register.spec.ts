// Issue 33, part 3 (CALLS-69): the names on a remortgage's title register. The conveyancer
// records the registered proprietors in the back office; the owner sees them in Owners beside
// herself, cannot submit while one is no owner, explains her late husband's name with his death
// certificate (uploaded from the dialog), and submits; the firm sees the explanation and its
// evidence; her case page's timeline then shows the application done and identity now. At a
// phone's width and a desktop's.
import { expect, test } from '@playwright/test';
import { atBothWidths, clientWithAcceptedQuote } from '../support/app';
import { PDF } from '../support/files';
import { signInConveyancer } from '../support/staff';
import { fillRemortgage } from '../support/submitted';

// Names the demo data and the other specs do not use.
const OWNER = { name: 'Winifred Whitlow', email: 'winifred.whitlow@e2e.test' };
const OWNER_ADDRESS = '3 Whitlow Gardens';
const LATE_HUSBAND = 'Walter Henry Whitlow';
const CONVEYANCER = { name: 'Tilda Titleholder', email: 'tilda.titleholder@threshold.test' };
const NOT_YET = 'A name on the title register is not one of the owners: tell us why in the Owners section before submitting.';

test('the owner accounts for every name on the title register before submitting', async ({ page, browser }) => {
  test.setTimeout(300_000);
  const { customer, caseId, origin } = await clientWithAcceptedQuote(page, browser, OWNER, OWNER_ADDRESS);
  const casePath = `/remortgaging/${caseId}`;
  await fillRemortgage(customer.request, origin, caseId, OWNER_ADDRESS);

  // The conveyancer reads the official copies: the owner, as the register spells her, and her
  // late husband.
  const { context: staffContext, page: staff } = await signInConveyancer(browser, CONVEYANCER);
  await staff.goto(`/staff/cases/remortgaging/${caseId}`);
  const panel = staff.getByRole('region', { name: 'Title register' });
  await expect(panel.getByText('No names recorded yet.')).toBeVisible();
  for (const name of ['WINIFRED WHITLOW', LATE_HUSBAND]) {
    await panel.getByRole('textbox', { name: 'Name as on the register' }).fill(name);
    await panel.getByRole('button', { name: 'Record name' }).click();
    await expect(panel.getByRole('listitem').filter({ hasText: name })).toBeVisible();
  }
  await expect(panel.getByRole('listitem').filter({ hasText: 'WINIFRED WHITLOW' })).toContainText(
    'Owner on the case: Winifred Whitlow',
  );
  await expect(panel.getByRole('listitem').filter({ hasText: LATE_HUSBAND })).toContainText(
    'Not an owner, not explained yet',
  );

  // Review & Submit says why it cannot go in yet.
  await customer.goto(`${casePath}/application/review-and-submit`);
  await expect(customer.getByText(NOT_YET)).toBeVisible();
  await expect(customer.getByRole('button', { name: 'Submit application' })).toBeDisabled();

  // Owners: her name is hers; his is explained with the death certificate.
  await customer.goto(`${casePath}/application/owners`);
  const names = customer.getByRole('region', { name: 'Names on the title register' });
  await atBothWidths(customer, async () => {
    await expect(names.getByRole('listitem')).toHaveCount(2);
  });
  await expect(names.getByRole('listitem').filter({ hasText: 'WINIFRED WHITLOW' })).toContainText('One of the owners');
  const his = names.getByRole('listitem').filter({ hasText: LATE_HUSBAND });
  await expect(his).toContainText('Not one of the owners listed');
  await his.getByRole('button', { name: 'Tell us why' }).click();
  const dialog = customer.getByRole('dialog', { name: `Why is ${LATE_HUSBAND} not an owner?` });
  await dialog.getByRole('radio', { name: /They have died/ }).check();
  await expect(dialog.getByRole('button', { name: 'Upload the death certificate' })).toBeEnabled();
  await dialog
    .getByLabel('Evidence for the name on the title register')
    .setInputFiles({ name: 'death-certificate.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(dialog).toBeHidden();
  await expect(customer.getByText('Thank you: the name is explained and off the list.')).toBeVisible();
  await expect(names.getByRole('listitem')).toHaveCount(1);

  // Now it goes in.
  await customer.goto(`${casePath}/application/review-and-submit`);
  await expect(customer.getByText(NOT_YET)).toHaveCount(0);
  await customer.getByRole('checkbox', { name: /I confirm the information I have given is true/ }).check();
  await customer.getByRole('button', { name: 'Submit application' }).click();
  await expect(customer).toHaveURL(new RegExp(`${casePath}$`));
  const feedback = customer.getByRole('dialog', { name: 'How was your experience?' });
  await feedback.getByRole('button', { name: 'No thanks' }).click();
  await expect(feedback).toBeHidden();

  // Issue 32: the case page's timeline — the application done today, identity now, the rest
  // expected from the workflow files' typical durations.
  const timeline = customer.getByRole('region', { name: 'Timeline' });
  await atBothWidths(customer, async () => {
    await expect(timeline.getByRole('listitem').filter({ hasText: 'Customer Application' })).toContainText(
      /Done \d\d\/\d\d\/\d{4}/,
    );
  });
  await expect(timeline.locator('[aria-current="step"]')).toContainText('Now: Identity Verification');
  await expect(timeline.locator('[aria-current="step"]')).toContainText('Expected by');
  await expect(timeline.getByRole('listitem').last()).toContainText(/Completed.*Expected by \d\d\/\d\d\/\d{4}/);

  // The firm sees why, with the evidence to open.
  await staff.reload();
  const explained = panel.getByRole('listitem').filter({ hasText: LATE_HUSBAND });
  await expect(explained).toContainText('Explained: Has died');
  await expect(explained.getByRole('link', { name: 'View the evidence' })).toHaveAttribute('href', /\/api\/document\/\d+$/);
  await expect(explained.getByRole('button', { name: 'Take off' })).toHaveCount(0);
  await staffContext.close();
});
