// Issue 15, point 4: the case page gives its context — a way back to the list, the property,
// the broker and how to reach them, the quote total, the next step and who it waits on — and a
// closed case (cancelled, ineligible, completed) shows that it is closed instead of tiles
// pending. At 375 px and 1280 px, on the e2e server's bulk demo cases (`demo --cases 30`: the
// journey cases of `make run` are not made there). A case the broker cancels from its own page
// counts as submitted (REM-POST-01): it keeps its tiles, what was not done unavailable.
import { expect, test, type Page } from '@playwright/test';
import { apiPost, createRemortgage } from '../support/api';
import { atBothWidths, dismissConsent, expectAccessible, expectNoSidewaysScroll, signIn } from '../support/app';

const BROKER = 'broker@demo.threshold.test';
const CLOSED = 'This case is closed: nothing more is needed from anyone.';

const CLOSED_STATUSES = ['INELIGIBLE', 'COMPLETED', 'CANCELLED'];
// A client the demo data does not have.
const CLIENT = { name: 'Cass Closewell', email: 'cass.closewell@e2e.test' };
const CANCELLED_CLIENT = { name: 'Cal Cancellor', email: 'cal.cancellor@e2e.test' };

/** The id of one of the signed-in user's cases (the e2e server's bulk demo data), open or closed. */
async function aCase(page: Page, kind: 'remortgaging' | 'buying', closed: boolean) {
  const res = await page.request.get(`/api/${kind}/cases?pageSize=100`);
  expect(res.status()).toBe(200);
  const { cases } = (await res.json()) as {
    cases: { id?: number; status?: string; case?: { id: number; status: string } }[];
  };
  const found = cases.find((c) => CLOSED_STATUSES.includes((c.status ?? c.case!.status)!) === closed);
  expect(found, `an ${closed ? 'closed' : 'open'} ${kind} case`).toBeDefined();
  return found!.id ?? found!.case!.id;
}

/** The context block's description for `term` (each term and its description share a row). */
function detail(page: Page, term: string) {
  const exact = page.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) });
  return page
    .getByRole('region', { name: 'About this case' })
    .locator('div')
    .filter({ has: exact })
    .getByRole('definition');
}

async function caseReady(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('region', { name: 'About this case' })).toBeVisible();
  await page.waitForLoadState('networkidle');
}

test.beforeEach(async ({ page }) => {
  await page.goto('/login');
  await dismissConsent(page);
});

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the broker sees where a case stands and gets back to the list', async ({ page, baseURL }) => {
      test.setTimeout(120_000);
      await signIn(page, BROKER);
      await expect(page.getByRole('heading', { level: 1, name: 'Remortgaging Cases' })).toBeVisible({ timeout: 20_000 });
      const id = await aCase(page, 'remortgaging', false);
      await page.goto(`/remortgaging/${id}`);
      await caseReady(page);
      await expect(detail(page, 'Property')).not.toBeEmpty();
      await expect(detail(page, 'Broker')).toContainText('Bea Broker, Demo Mortgage Brokers Ltd');
      await expect(detail(page, 'Broker').getByRole('link', { name: BROKER })).toHaveAttribute('href', `mailto:${BROKER}`);
      await expect(detail(page, 'Quote total')).toHaveText(/^£\d{1,3}(,\d{3})*\.\d{2}$/);
      // Issue 26: who handles the case at the firm (by name once assigned) and whom to call.
      await expect(detail(page, 'Case handler')).toHaveText(/^(The conveyancing team at .+|.+, .+)$/);
      await expect(detail(page, 'Who to call').getByRole('link')).toHaveAttribute('href', /^tel:\+?\d+$/);
      await expect(detail(page, 'Next step')).not.toBeEmpty();
      await expect(detail(page, 'Waiting on')).toHaveText(/^(Your client|You|Threshold|The lender|The seller's estate agent or solicitor)$/);
      await expectAccessible(page);
      await expectNoSidewaysScroll(page);

      // A case the broker cancelled (with the same call as the list's Cancel): it says it is
      // closed, and shows no sections, and no tile as if work were pending.
      const cancelled = await createRemortgage(page.request, baseURL!, CLIENT, `${width} Cancelled Close`);
      await apiPost(page.request, baseURL!, '/api/broker-cancel-case', { caseType: 'REMORTGAGING', caseId: cancelled });
      await page.goto(`/remortgaging/${cancelled}`);
      await caseReady(page);
      await expect(page.locator('[data-colour]').first()).toContainText(/Cancelled/i);
      await expect(detail(page, 'Next step')).toHaveText(CLOSED);
      await expect(detail(page, 'Waiting on')).toHaveCount(0);
      await expect(page.getByRole('list', { name: 'Application sections' })).toHaveCount(0);
      await expect(page.getByRole('list', { name: 'Case progress' }).locator('[data-state]:not([data-state="IS_DISABLED"])')).toHaveCount(0);
      await expect(page.getByText('Not started')).toHaveCount(0);
      await expectAccessible(page);
      await expectNoSidewaysScroll(page);

      // A closed purchase of the bulk demo data (cancelled, ineligible or completed): the same.
      const closedPurchase = await aCase(page, 'buying', true);
      await page.goto(`/buying/${closedPurchase}`);
      await caseReady(page);
      await expect(detail(page, 'Next step')).toHaveText(CLOSED);
      await expect(page.getByRole('list', { name: 'Application sections' })).toHaveCount(0);
      await expect(page.getByText('Not started')).toHaveCount(0);

      await page.getByRole('link', { name: 'Back to Buying Cases' }).click();
      await expect(page).toHaveURL(/\/buying(\?|$)/);
      await expect(page.getByRole('heading', { level: 1, name: 'Buying Cases' })).toBeVisible();
    });
  });
}

test('a case the broker cancels from its page keeps its tiles, all unavailable', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await signIn(page, BROKER);
  await expect(page.getByRole('heading', { level: 1, name: 'Remortgaging Cases' })).toBeVisible({ timeout: 20_000 });
  const id = await createRemortgage(page.request, baseURL!, CANCELLED_CLIENT, '4 Cancellor Court');
  await page.goto(`/remortgaging/${id}`);
  await caseReady(page);
  const chip = page.locator('[data-colour]').first();
  await expect(chip).toContainText('Broker Application');
  await expect(page.getByRole('list', { name: 'Case progress' })).toHaveCount(0);
  // Issue 26: the broker reads the next step written for them (the workflow file's
  // `broker_guide`), not the one told to their client.
  await expect(detail(page, 'Next step')).toHaveText(
    "You open the case with the key facts of your client's remortgage, check our quote for the legal work and send it to your client with an invitation.",
  );
  await expect(detail(page, 'Waiting on')).toHaveText('You');

  // The case page's Cancel, confirmed in its dialog.
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel Case' });
  await expect(dialog.getByText('Are you sure you want to cancel this case?')).toBeVisible();
  const cancelled = page.waitForResponse((r) => r.url().endsWith('/api/broker-cancel-case'));
  await dialog.getByRole('button', { name: 'Yes, cancel' }).click();
  expect((await cancelled).status()).toBeLessThan(300);
  await expect(page.getByText('Case cancelled')).toBeVisible();
  await expect(dialog).toBeHidden();
  // The success toast itself is readable: axe scans while it is on screen (notistack's own
  // green failed the contrast check).
  await expect(page.locator('.notistack-MuiContent-success')).toHaveCSS('background-color', 'rgb(27, 94, 32)');
  await expectAccessible(page);

  // REM-POST-01: a cancelled case counts as submitted — its tiles, none pending, and no sections.
  // The chip reads 'Cancelled' (after its warning icon's title), in red.
  await expect(chip).toHaveText(/^(Warning)?Cancelled$/);
  await expect(chip).toHaveAttribute('data-colour', 'RED');
  await expect(page.getByTestId('status-message')).toHaveText('This case has been cancelled.');
  await expect(detail(page, 'Next step')).toHaveText(CLOSED);
  await expect(page.getByRole('button', { name: 'Cancel', exact: true })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Application sections' })).toHaveCount(0);
  const progress = page.getByRole('list', { name: 'Case progress' });
  await expect(progress).toBeVisible();
  const tiles = progress.getByRole('listitem');
  await expect(tiles).toHaveText([/Application & Quote/, /Verify Identity/, /Upload Documents/, /Mortgage Report/, /Completion Statement/]);
  // Nothing was done on it before it was cancelled, and nothing can be now: every tile is shown
  // as unavailable, and none is a link.
  for (const tile of await tiles.all()) {
    await expect(tile, `tile ${await tile.getAttribute('data-key')}`).toHaveAttribute('data-state', 'IS_DISABLED');
    await expect(tile.getByRole('img', { name: 'Disabled' })).toBeVisible();
    await expect(tile.getByRole('button')).toBeDisabled();
    await expect(tile.getByRole('link')).toHaveCount(0);
  }
  await expect(page.getByText('Not started')).toHaveCount(0);
  await atBothWidths(page, () => expect(progress).toBeVisible());

  // An unavailable tile's own address does not open it either: back to the list.
  await page.goto(`/remortgaging/${id}/mortgage-report`);
  await expect(page).toHaveURL(/\/remortgaging$/);
});
