// Issue 30 end to end: the administrators' accounts page, /staff/users.
//
// An administrator made with the server's CLI signs in with a second factor and finds 'Users' in
// the back office's navigation (a conveyancer does not). The page is checked with axe at 375 px
// (a list of cards, no sideways scroll) and 1280 px (a table). The administrator disables a
// signed-in conveyancer after confirming, and the conveyancer's next page is the door; enables
// them again, changes their role and back, and resets their second factor: at their next
// sign-in they set up a new authenticator app. Their own account offers no actions.
import { expect, test, type Page } from '@playwright/test';
import { atBothWidths } from '../support/app';
import { linkIn, signInCount, waitForSignIn } from '../support/mail';
import { signInConveyancer, signInStaff } from '../support/staff';

// New on every run (the database may be reused): the names are looked up on the page.
const RUN = Date.now().toString(36);
const ADMIN = { name: `Ada Admin ${RUN}`, email: `ada.admin.${RUN}@e2e.test` };
const TARGET = { name: `Theo Target ${RUN}`, email: `theo.target.${RUN}@e2e.test` };

/** The dialog that asks before a change (by name: the cookie dialog is a dialog too). */
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

/** The account's status, wherever it is shown (a table row or a card). */
const statusOf = (page: Page, person: { email: string }) =>
  page.locator('[data-user-id]').filter({ hasText: person.email });

test('an administrator disables, enables, re-roles and resets a colleague from the back office', async ({ browser }) => {
  test.setTimeout(240_000);

  // The conveyancer is signed in, with an authenticator, in a browser of their own.
  const target = await signInConveyancer(browser, TARGET);
  await expect(target.page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Users' })).toHaveCount(0);
  await target.page.goto('/staff/users');
  await expect(target.page.getByText('Only an administrator manages accounts.')).toBeVisible();

  const { page: admin } = await signInStaff(browser, ADMIN, 'ROLE_ADMIN');
  await admin.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Users' }).click();
  await expect(admin).toHaveURL(/\/staff\/users$/);
  await expect(admin.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await atBothWidths(admin, async () => {
    await expect(admin.getByRole('combobox', { name: `Role of ${TARGET.name}` })).toBeVisible();
    const width = admin.viewportSize()?.width ?? 0;
    if (width < 900) await expect(admin.getByRole('list', { name: 'Accounts' })).toBeVisible();
    else await expect(admin.getByRole('table', { name: 'Accounts' })).toBeVisible();
  });

  // Their own account: the role cannot be changed and there is nothing to press.
  await expect(admin.getByRole('combobox', { name: `Role of ${ADMIN.name}` })).toBeDisabled();
  await expect(admin.getByRole('button', { name: `Disable ${ADMIN.name}` })).toHaveCount(0);

  const row = statusOf(admin, TARGET);
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Set up');

  // Disable, after asking: the conveyancer's session ends at once.
  await admin.getByRole('button', { name: `Disable ${TARGET.name}` }).click();
  const disable = dialog(admin, `Disable ${TARGET.name}?`);
  await expect(disable).toContainText(`${TARGET.email} is signed out everywhere at once`);
  await disable.getByRole('button', { name: 'Disable' }).click();
  await expect(disable).toBeHidden();
  await expect(admin.getByText(`${TARGET.name} is disabled. Their sessions have ended.`)).toBeVisible();
  await expect(row).toContainText('Disabled');
  await target.page.goto('/staff');
  await expect(target.page).toHaveURL(/\/staff\/login/, { timeout: 20_000 });

  // Enable again.
  await admin.getByRole('button', { name: `Enable ${TARGET.name}` }).click();
  const enable = dialog(admin, `Enable ${TARGET.name}?`);
  await enable.getByRole('button', { name: 'Enable' }).click();
  await expect(enable).toBeHidden();
  await expect(row).toContainText('Active');

  // A role, chosen in the select, and back.
  const role = admin.getByRole('combobox', { name: `Role of ${TARGET.name}` });
  await role.selectOption('ROLE_ADMIN');
  await expect(admin.getByText(`${TARGET.name} is now Administrator.`)).toBeVisible();
  await expect(role).toHaveValue('ROLE_ADMIN');
  await role.selectOption('ROLE_CONVEYANCER');
  await expect(admin.getByText(`${TARGET.name} is now Conveyancer.`)).toBeVisible();
  await expect(role).toHaveValue('ROLE_CONVEYANCER');

  // Reset the second factor, after asking.
  await admin.getByRole('button', { name: `Reset second factor of ${TARGET.name}` }).click();
  const reset = dialog(admin, `Reset ${TARGET.name}'s second factor?`);
  await reset.getByRole('button', { name: 'Reset second factor' }).click();
  await expect(reset).toBeHidden();
  await expect(row).toContainText('Not set up');

  // At their next sign-in they set up a new authenticator app.
  const page = target.page;
  const before = signInCount(TARGET.email);
  await page.goto('/staff/login');
  await page.getByLabel(/Email address/).fill(TARGET.email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await page.goto(linkIn(await waitForSignIn(TARGET.email, before + 1)));
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your authenticator app' })).toBeVisible({ timeout: 20_000 });
  await target.context.close();
});
