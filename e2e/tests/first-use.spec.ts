// Issue 15 end to end: what a new user tripped over on first use, each point at 375 px (a phone)
// and 1280 px (a laptop). Point 3 (editable settings) is in settings.spec.ts and point 4 (the
// case page's context) in case-page.spec.ts.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { dismissConsent, expectAccessible, expectNoSidewaysScroll, signIn } from '../support/app';
import { linkIn, waitForMail, waitForSignIn, signInCount } from '../support/mail';

const LOAD_ERROR = "Whoop's something went wrong loading the page please try reloading.";
const BROKER = 'broker@demo.threshold.test';
const CUSTOMER = 'customer@demo.threshold.test';

/** A new account through /signup and /about-you; returns once onboarding is submitted. */
async function signUpAndOnboard(page: Page, name: string, email: string) {
  await page.goto('/signup');
  await dismissConsent(page);
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Check your inbox')).toBeVisible();
  await page.goto(linkIn(await waitForMail(email, 1)));
  await onboard(page, name);
}

async function onboard(page: Page, name: string) {
  await expect(page).toHaveURL(/\/about-you/);
  const [first, ...rest] = name.split(' ');
  await page.getByLabel('Preferred name').fill(name);
  await page.getByLabel('Legal first name').fill(first);
  await page.getByLabel('Surname').fill(rest.join(' ') || 'Person');
  await page.getByLabel('Phone number').fill('07700 900123');
  await page.getByLabel('Date of birth').fill('1986-04-12');
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** The main navigation: the permanent sidebar, or on a phone the drawer, opened first. */
async function navigation(page: Page): Promise<Locator> {
  // Below MUI's `sm` breakpoint (600 px) the navigation is a drawer behind the menu button.
  if (page.viewportSize()!.width < 600) await page.getByRole('button', { name: 'Open navigation' }).click();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav).toBeVisible();
  return nav;
}

/** Presses Tab until `target` has the keyboard focus (as a keyboard user would reach it). */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 60; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('could not reach the element with Tab');
}

async function listReady(page: Page, title = 'Remortgaging Cases') {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/^Showing \d+ case\(s\) of \d+$/)).toBeVisible();
}

/** The broker's list as a table (collapsed) or as cards. */
async function showAs(page: Page, view: 'table' | 'cards') {
  await expect(page.getByRole('button', { name: /^Show as (table|cards)$/ })).toBeVisible();
  const toggle = page.getByRole('button', { name: view === 'table' ? 'Show as table' : 'Show as cards' });
  if (await toggle.isVisible()) await toggle.click();
  await expect(page.getByRole('button', { name: view === 'table' ? 'Show as cards' : 'Show as table' })).toBeVisible();
}

// The consent dialog is answered once per test (a fresh browser context each time).
test.beforeEach(async ({ page }) => {
  await page.goto('/login');
  await dismissConsent(page);
});

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('1. after onboarding an invited buyer lands on the buying list, not on "Start a remortgage"', async ({ page }) => {
      test.setTimeout(180_000);
      const client = { preferredName: `Bo Buyfirst ${width}`, email: `bo.buyfirst.${width}@e2e.test` };
      await signIn(page, BROKER);
      await listReady(page);
      // The broker opens a purchase for a new client (the start form has its own tests).
      const status = await page.evaluate(async (body) => {
        const res = await fetch('/api/buying/case', {
          method: 'POST',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify(body),
        });
        return res.status;
      }, {
        client,
        jurisdiction: 'ENGLAND',
        isDependentOnSale: false,
        isCompanyOwned: false,
        isResidential: true,
        propertyUsage: 'LIVE_IN',
        property: { addressLine1: `${width} Firstuse Lane`, postcode: 'CT1 1AA' },
        purchasePrice: 30_000_000,
      });
      expect(status).toBe(201);
      await page.context().clearCookies();

      // The buyer signs in at /login, with nothing asking for a particular page.
      const before = signInCount(client.email);
      await page.goto('/login');
      await dismissConsent(page);
      await page.getByLabel('Email address').fill(client.email);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByText('Check your inbox')).toBeVisible();
      await page.goto(linkIn(await waitForSignIn(client.email, before + 1)));
      await onboard(page, 'Bo Buyfirst');
      await expect(page).toHaveURL(/\/buying$/);
      const policy = page.getByRole('dialog', { name: 'Sorry to interrupt you, but...' });
      await policy.getByRole('button', { name: 'I agree' }).click();
      await expect(policy).toBeHidden();
      await expect(page.getByRole('heading', { level: 1, name: 'Buying Cases' })).toBeVisible();
      await expect(page.getByRole('article').filter({ hasText: `${width} Firstuse Lane` })).toBeVisible();
      await expectAccessible(page);
    });

    test('1. a customer without buying who opens /buying or /buying/start is told why', async ({ page }) => {
      test.setTimeout(120_000);
      await signUpAndOnboard(page, 'Rhys Remonly', `rhys.remonly.${width}@e2e.test`);
      await expect(page).toHaveURL(/\/remortgaging\/start$/);
      for (const path of ['/buying', '/buying/start']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: 'Buying is not available' })).toBeVisible();
        await expect(page.getByText('Buying a home is not enabled for your account')).toBeVisible();
        expect(new URL(page.url()).pathname).toBe(path);
        await expectAccessible(page);
      }
      await page.getByRole('link', { name: 'Go to your remortgaging cases' }).click();
      await expect(page).toHaveURL(/\/remortgaging/);
    });

    test('2. a navigation shows progress at once, and a failed one or a failed Reload says so', async ({ page }) => {
      test.setTimeout(120_000);
      await signIn(page, BROKER);
      await listReady(page);
      await showAs(page, 'cards');
      // The server goes away.
      await page.route('**/api/**', (route) => route.abort('connectionrefused'));
      await page.getByRole('article').first().getByRole('link', { name: /^Continue case/ }).click();
      await expect(page.getByTestId('navigation-progress')).toBeVisible({ timeout: 1_000 });
      // The guard gives up after the query's retries (1 + 3, about 7 s; longer on a loaded
      // machine) and says why.
      await expect(page.getByText(LOAD_ERROR)).toBeVisible({ timeout: 30_000 });
      await expect(page).toHaveURL(/\/remortgaging$/);
      await expect(page.getByTestId('navigation-progress')).toBeHidden();

      // 'Reload' that fails says so, above the last list it had.
      await page.unroute('**/api/**');
      await page.reload();
      await listReady(page);
      await page.route('**/api/**', (route) => route.abort('connectionrefused'));
      await page.getByRole('button', { name: 'Reload' }).click();
      await expect(page.getByRole('button', { name: 'Reload' })).toHaveAttribute('aria-busy', 'true');
      await expect(page.getByRole('alert').filter({ hasText: LOAD_ERROR })).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('article').first()).toBeVisible();
      await expectAccessible(page);
    });

    test('5. no page scrolls sideways, and the table never cuts a status', async ({ page }) => {
      test.setTimeout(180_000);
      for (const path of ['/login', '/signup']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoSidewaysScroll(page);
      }
      await signIn(page, BROKER);
      await listReady(page);
      await showAs(page, 'table');
      await expectNoSidewaysScroll(page);
      // Every status chip shows its whole label.
      const labels = page.locator('[data-colour] .MuiChip-label');
      await expect(labels.first()).toBeVisible();
      for (const label of await labels.all()) {
        const cut = await label.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
        expect(cut, `chip "${await label.textContent()}" is cut`).toBe(false);
      }
      // Below the table breakpoint the rows are blocks; above it, the table.
      if (width < 900) await expect(page.getByRole('list', { name: 'Remortgaging cases' })).toBeVisible();
      else await expect(page.getByRole('table', { name: 'Remortgaging cases' })).toBeVisible();
      await expectAccessible(page);
      const caseLink = await page.locator('[data-case-id]').first().getByRole('link').getAttribute('href');

      const routes = [
        '/remortgaging',
        '/buying',
        '/remortgaging/start',
        '/buying/start',
        caseLink!,
        '/notifications',
        '/help',
        '/settings',
        '/no-such-page',
      ];
      for (const path of routes) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
        await page.waitForLoadState('networkidle');
        await expectNoSidewaysScroll(page);
      }
      await page.goto('/remortgaging');
      await showAs(page, 'cards');
      await expectNoSidewaysScroll(page);

      // The customer's own pages (Documents is not a broker's).
      await page.context().clearCookies();
      await signIn(page, CUSTOMER);
      for (const path of ['/remortgaging', '/buying', '/documents']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
        await page.waitForLoadState('networkidle');
        await expectNoSidewaysScroll(page);
      }
    });

    test('6. keyboard focus is visible, never mistaken for "selected", and the sort toggle says what it does', async ({ page }) => {
      test.setTimeout(120_000);
      await signIn(page, BROKER);
      await listReady(page);
      await showAs(page, 'cards');

      // A button reached with Tab shows a ring.
      const reset = page.getByRole('button', { name: 'Reset filters' });
      await page.getByRole('heading', { level: 1 }).click();
      await tabTo(page, reset);
      await expect(reset).toHaveCSS('outline-style', 'solid');
      await expect(reset).toHaveCSS('outline-width', '3px');

      // The sort toggle is named by what pressing it does.
      const ascending = page.getByRole('button', { name: 'Sort ascending' });
      await ascending.click();
      await expect(page).toHaveURL(/sortDirection=ASC/);
      await expect(page.getByRole('button', { name: 'Sort descending' })).toBeVisible();
      await expect(ascending).toHaveCount(0);

      // In the navigation, a focused item has the ring and not the selected item's background.
      const nav = await navigation(page);
      const selected = nav.getByRole('link', { name: 'Remortgaging' });
      const help = nav.getByRole('link', { name: 'Help' });
      await tabTo(page, help);
      await expect(help).toHaveCSS('outline-style', 'solid');
      const selectedBackground = await selected.evaluate((el) => getComputedStyle(el).backgroundColor);
      const focusedBackground = await help.evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(selectedBackground).not.toBe('rgba(0, 0, 0, 0)');
      expect(focusedBackground).not.toBe(selectedBackground);
      await expectAccessible(page);
    });

    test('7. polish: search box, table rows, no map placeholder, settings colours', async ({ page }) => {
      test.setTimeout(120_000);
      await signIn(page, BROKER);
      await listReady(page);
      await showAs(page, 'cards');

      // The placeholder fits its box.
      const search = page.getByPlaceholder('Search by property owner name...');
      const fits = await search.evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return context.measureText(input.placeholder).width <= room;
      });
      expect(fits, 'the search placeholder is cut').toBe(true);

      // The search box lines up with the other controls.
      const newCase = page.getByRole('link', { name: /^New( case)?$/ });
      const box = (await search.locator('xpath=ancestor::div[contains(@class,"MuiTextField-root")]').boundingBox())!;
      const button = (await newCase.boundingBox())!;
      const status = (await page.getByRole('button', { name: /^Status/ }).boundingBox())!;
      if (width < 600) {
        expect(box.x).toBeCloseTo(button.x, 0);
        expect(box.x).toBeCloseTo(status.x, 0);
      } else {
        expect(box.y + box.height / 2).toBeCloseTo(button.y + button.height / 2, 0);
      }

      // Maps are off on this server: no map area on the cards.
      await expect(page.getByRole('article').first()).toBeVisible();
      await expect(page.getByTestId('case-map')).toHaveCount(0);

      // Rows with a Cancel button are as tall as the rest.
      await showAs(page, 'table');
      const rows = page.locator('[data-case-id]');
      await expect(rows.first()).toBeVisible();
      const heights = new Map<boolean, Set<number>>([[true, new Set()], [false, new Set()]]);
      for (const row of await rows.all()) {
        const withCancel = (await row.getByRole('button', { name: /^Cancel case/ }).count()) > 0;
        const target = width < 900 ? row.locator('> div').first() : row;
        heights.get(withCancel)!.add(Math.round((await target.boundingBox())!.height));
      }
      expect(heights.get(true)!.size, 'some rows have a Cancel button').toBeGreaterThan(0);
      expect(heights.get(false)!.size, 'some rows have none').toBeGreaterThan(0);
      expect(new Set([...heights.get(true)!, ...heights.get(false)!]).size).toBe(1);
      await showAs(page, 'cards');

      // 'Log out everywhere' is in the palette's error colour (outlined, like Cancel).
      await page.goto('/settings');
      const everywhere = page.getByRole('button', { name: 'Log out everywhere' });
      await expect(everywhere).toHaveCSS('color', 'rgb(211, 47, 47)');
      await expect(everywhere).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
      await expectAccessible(page);
    });

    test('7. a long name ends in an ellipsis inside the sidebar, whole in its title', async ({ page }) => {
      test.setTimeout(120_000);
      const name = 'Maximiliana Featherstonehaugh-Cholmondeley';
      const email = `maximiliana.featherstonehaugh.${width}@e2e.test`;
      await signUpAndOnboard(page, name, email);
      await expect(page).toHaveURL(/\/remortgaging\/start$/);
      const nav = await navigation(page);
      const shown = nav.locator('.nav-name');
      await expect(shown).toHaveAttribute('title', name);
      await expect(nav.locator('.nav-email')).toHaveAttribute('title', email);
      for (const line of [shown, nav.locator('.nav-email')]) {
        await expect(line).toHaveCSS('text-overflow', 'ellipsis');
        const inside = await line.evaluate((el) => {
          const paper = el.closest('.MuiDrawer-paper')!.getBoundingClientRect();
          return el.getBoundingClientRect().right <= paper.right && el.scrollWidth >= el.clientWidth;
        });
        expect(inside).toBe(true);
      }
      await expectAccessible(page);
    });

    test('8. the start wizard shows its step, has Back on every step, and asks before losing answers', async ({ page }) => {
      test.setTimeout(120_000);
      await signIn(page, BROKER);
      await listReady(page);

      // Nothing answered: leaving does not ask.
      await page.goto('/remortgaging/start');
      await expect(page.getByText('Step 1 of 3')).toBeVisible();
      await (await navigation(page)).getByRole('link', { name: 'Help' }).click();
      await expect(page).toHaveURL(/\/help$/);

      await page.goto('/remortgaging/start');
      await expect(page.getByText('Step 1 of 3')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
      await page.getByLabel('Where is the property?').selectOption('ENGLAND');
      for (const question of [
        'Is the remortgage dependent on a sale?',
        'Is the property owned by a company?',
        'Is it a buy-to-let property?',
      ]) {
        await page.getByRole('radiogroup', { name: question }).getByLabel('No').check();
      }
      await page.getByRole('radiogroup', { name: 'Is the property residential?' }).getByLabel('Yes').check();
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByText('Step 2 of 3')).toBeVisible();
      await page.getByLabel("Client's preferred name").fill('Wendy Wizard');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByLabel("Client's email address").fill('wendy.wizard@e2e.test');
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByText('Step 3 of 3')).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Back' }).click();
      await expect(page.getByText('Step 2 of 3')).toBeVisible();
      await expect(page.getByLabel("Client's preferred name")).toHaveValue('Wendy Wizard');
      await page.getByRole('button', { name: 'Back' }).click();
      await expect(page.getByText('Step 1 of 3')).toBeVisible();

      // Leaving with answers asks first; 'Stay on this page' keeps them.
      await (await navigation(page)).getByRole('link', { name: 'Help' }).click();
      const ask = page.getByRole('dialog', { name: 'Leave this page?' });
      await expect(ask).toBeVisible();
      await expectAccessible(page);
      await ask.getByRole('button', { name: 'Stay on this page' }).click();
      await expect(ask).toBeHidden();
      await expect(page).toHaveURL(/\/remortgaging\/start$/);
      await expect(page.getByLabel('Where is the property?')).toHaveValue('ENGLAND');
      // Back on the first step leaves the form too, after asking.
      await page.getByRole('button', { name: 'Back' }).click();
      await ask.getByRole('button', { name: 'Leave' }).click();
      await expect(page).toHaveURL(/\/remortgaging$/);
    });

    test('9. /help gives the support contact and how each kind of case proceeds, from the workflow files', async ({ page }) => {
      test.setTimeout(120_000);
      await signIn(page, BROKER);
      await listReady(page);
      await page.goto('/help');
      const contact = page.getByRole('region', { name: 'Contact us' });
      await expect(contact.getByRole('link')).toHaveAttribute('href', /^mailto:/);
      const remortgage = page.getByRole('region', { name: 'How a remortgage proceeds' });
      const steps = remortgage.getByRole('listitem');
      await expect(steps.first()).toContainText('Retrieving Title Documents');
      await expect(steps.last()).toContainText('Completed');
      await expect(steps).toHaveCount(12);
      // A broker sees the purchase too (brokers open both kinds of case).
      const purchase = page.getByRole('region', { name: 'How a purchase proceeds' });
      await expect(purchase.getByRole('listitem').first()).toContainText('Broker Application');
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
    });

    test('10. HELP-03: the assistant answers how a case proceeds (the demo broker has AI_BOT)', async ({ page }) => {
      test.setTimeout(120_000);
      await signIn(page, BROKER);
      await listReady(page);
      await page.goto('/help');
      await page.getByRole('link', { name: 'Ask our assistant' }).click();
      await expect(page).toHaveURL(/\/assistant$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Assistant' })).toBeVisible();
      await page.getByLabel('Your question').fill('What happens after I submit my application?');
      await page.getByLabel('Your question').press('Enter');
      // No model is configured here: the built-in search answers from the workflow files.
      const conversation = page.getByRole('region', { name: 'Conversation' });
      await expect(conversation.getByRole('listitem')).toHaveCount(2);
      await expect(conversation.getByRole('listitem').last()).toContainText('Identity Verification:');
      await expect(page.getByLabel('Your question')).toHaveValue('');
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
    });
  });
}
