// Issue 15, point 3: Settings is editable. At 375 px (a phone) and 1280 px (a laptop) a new
// customer corrects their preferred name and phone number, gives a new legal name and sees the
// old one listed with its end date, and moves their account to a new e-mail address through
// the link e-mailed there, then signs in with it. The old address gets a link that undoes the
// change (issue 25): opening it puts the old address back and signs the account out. axe is
// clean on every screen touched.
import { expect, test, type Page } from '@playwright/test';
import { dismissConsent, expectAccessible, expectNoSidewaysScroll, signIn } from '../support/app';
import { linkIn, waitForMail, waitForMailAbout } from '../support/mail';

const CONFIRM_LINK = /https?:\/\/\S+\/confirm-email\?token=\S+/;
const UNDO_LINK = /https?:\/\/\S+\/undo-email-change\?token=\S+/;

/** A new account through /signup and /about-you. */
async function signUpAndOnboard(page: Page, name: string, email: string) {
  await page.goto('/signup');
  await dismissConsent(page);
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Check your inbox')).toBeVisible();
  await page.goto(linkIn(await waitForMail(email, 1)));
  await expect(page).toHaveURL(/\/about-you/, { timeout: 20_000 });
  await page.getByLabel('Preferred name').fill(name);
  await page.getByLabel('Legal first name').fill('Sam');
  await page.getByLabel('Surname').fill('Oldname');
  await page.getByLabel('Phone number').fill('07700 900123');
  await page.getByLabel('Date of birth').fill('1986-04-12');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).not.toHaveURL(/\/about-you/, { timeout: 20_000 });
}

/** Opens /settings and waits for the editable details. */
async function openSettings(page: Page) {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('form', { name: 'Preferred name' })).toBeVisible();
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('3. a customer corrects their details, keeps a history of legal names and changes their e-mail by link', async ({
      page,
    }) => {
      test.setTimeout(180_000);
      const email = `sam.settings.${width}@e2e.test`;
      const newEmail = `sam.moved.${width}@e2e.test`;
      await signUpAndOnboard(page, `Sam Settings ${width}`, email);
      await openSettings(page);
      await expectAccessible(page);
      await expectNoSidewaysScroll(page);

      // Preferred name and phone number, each saved on its own.
      const name = page.getByRole('form', { name: 'Preferred name' });
      await name.getByLabel('Preferred name').fill(`Sammy ${width}`);
      await name.getByRole('button', { name: 'Save name' }).click();
      await expect(page.getByText('Saved').first()).toBeVisible();
      const phone = page.getByRole('form', { name: 'Phone number' });
      await phone.getByLabel('Phone number').fill('12');
      await phone.getByRole('button', { name: 'Save phone number' }).click();
      await expect(phone.getByText(/Enter a UK phone number/)).toBeVisible();
      await phone.getByLabel('Phone number').fill('020 7946 0958');
      await phone.getByRole('button', { name: 'Save phone number' }).click();
      await expect(phone.getByRole('button', { name: 'Save phone number' })).toBeDisabled();

      // A new legal name: the old one is kept with the day it ended.
      const legal = page.getByRole('form', { name: 'Legal name' });
      await legal.getByLabel('Surname').fill('Newname');
      await legal.getByRole('button', { name: 'Save legal name' }).click();
      const previous = page.getByRole('list', { name: 'Previous legal names' });
      await expect(previous.getByText('Sam Oldname')).toBeVisible();
      await expect(previous.getByText(/^Until \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();

      // Everything survives a reload.
      await openSettings(page);
      await expect(page.getByRole('form', { name: 'Preferred name' }).getByLabel('Preferred name')).toHaveValue(`Sammy ${width}`);
      await expect(page.getByRole('form', { name: 'Phone number' }).getByLabel('Phone number')).toHaveValue('+442079460958');
      await expect(page.getByRole('form', { name: 'Legal name' }).getByLabel('Surname')).toHaveValue('Newname');
      await expect(page.getByRole('list', { name: 'Previous legal names' }).getByText('Sam Oldname')).toBeVisible();
      await expectAccessible(page);
      await expectNoSidewaysScroll(page);

      // A new e-mail address takes effect only through the link sent to it.
      const change = page.getByRole('form', { name: 'E-mail address' });
      await change.getByLabel('New e-mail address').fill(newEmail);
      await change.getByRole('button', { name: 'Send confirmation link' }).click();
      await expect(change.getByText(`We have sent a confirmation link to ${newEmail}`, { exact: false })).toBeVisible();
      await expectAccessible(page);
      await expectNoSidewaysScroll(page);
      // The current address is told, without the link.
      const notice = await waitForMailAbout(email, 'e-mail address is being changed');
      expect(notice.text).not.toMatch(CONFIRM_LINK);
      const mail = await waitForMailAbout(newEmail, 'Confirm your new e-mail address');
      const link = new URL(mail.text.match(CONFIRM_LINK)![0]);
      await page.goto(`${link.pathname}${link.search}`);
      await expect(page.getByRole('heading', { name: 'E-mail address changed' })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByText(newEmail)).toBeVisible();
      await expectAccessible(page);
      await expectNoSidewaysScroll(page);
      // Opening it again: the link is spent.
      await page.goto(`${link.pathname}${link.search}`);
      await expect(page.getByText('This link has expired or has been used already.', { exact: false })).toBeVisible({
        timeout: 20_000,
      });
      await expectAccessible(page);

      // Signed out, the new address signs in to the same account.
      await page.context().clearCookies();
      await signIn(page, newEmail);
      await expect(page).not.toHaveURL(/\/login/, { timeout: 20_000 });
      await openSettings(page);
      await expect(page.getByRole('form', { name: 'E-mail address' }).getByText(newEmail)).toBeVisible();
      await expect(page.getByRole('form', { name: 'Preferred name' }).getByLabel('Preferred name')).toHaveValue(`Sammy ${width}`);

      // The old address was told, with a link that undoes the change: it puts the old address
      // back and signs the account out, this browser too.
      const undoMail = await waitForMailAbout(email, 'e-mail address was changed');
      expect(undoMail.text).not.toContain(newEmail);
      const undo = new URL(undoMail.text.match(UNDO_LINK)![0]);
      await page.goto(`${undo.pathname}${undo.search}`);
      await expect(page.getByRole('heading', { name: 'E-mail change undone' })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByText(email)).toBeVisible();
      await expectAccessible(page);
      await expectNoSidewaysScroll(page);
      await signIn(page, email);
      await expect(page).not.toHaveURL(/\/login/, { timeout: 20_000 });
      await openSettings(page);
      await expect(page.getByRole('form', { name: 'E-mail address' }).getByText(email)).toBeVisible();
    });
  });
}
