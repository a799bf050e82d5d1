// Issue 15, point 4: the case page gives its context — a way back to the list, the property,
// the broker and how to reach them, the quote total, the next step and who it waits on — and a
// closed case (cancelled, ineligible, completed) shows that it is closed instead of tiles
// pending. At 375 px and 1280 px, on the e2e server's bulk demo cases (`demo --cases 30`: the
// journey cases of `make run` are not made there).
import { expect, test, type Page } from '@playwright/test';
import { apiPost, createRemortgage } from '../support/api';
import { dismissConsent, expectAccessible, expectNoSidewaysScroll, signIn } from '../support/app';

const BROKER = 'broker@demo.threshold.test';
const CLOSED = 'This case is closed: nothing more is needed from anyone.';

const CLOSED_STATUSES = ['INELIGIBLE', 'COMPLETED', 'CANCELLED'];
// A client the demo data does not have.
const CLIENT = { name: 'Cass Closewell', email: 'cass.closewell@e2e.test' };

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
      await expect(detail(page, 'Next step')).not.toBeEmpty();
      await expect(detail(page, 'Waiting on')).toHaveText(/^(Your client|You|Threshold|The lender|The seller's estate agent or solicitor)$/);
      await expectAccessible(page);
      await expectNoSidewaysScroll(page);

      // A case the broker cancelled (with the same call as the list's Cancel): it says it is
      // closed, and shows no sections or tiles as if work were pending.
      const cancelled = await createRemortgage(page.request, baseURL!, CLIENT, `${width} Cancelled Close`);
      await apiPost(page.request, baseURL!, '/api/broker-cancel-case', { caseType: 'REMORTGAGING', caseId: cancelled });
      await page.goto(`/remortgaging/${cancelled}`);
      await caseReady(page);
      await expect(page.locator('[data-colour]').first()).toContainText(/Cancelled/i);
      await expect(detail(page, 'Next step')).toHaveText(CLOSED);
      await expect(detail(page, 'Waiting on')).toHaveCount(0);
      await expect(page.getByRole('list', { name: 'Application sections' })).toHaveCount(0);
      await expect(page.getByText('Application & Quote Complete')).toHaveCount(0);
      await expect(page.getByText('Not started')).toHaveCount(0);
      await expectAccessible(page);
      await expectNoSidewaysScroll(page);

      // A closed purchase of the bulk demo data (cancelled, ineligible or completed): the same.
      const closedPurchase = await aCase(page, 'buying', true);
      await page.goto(`/buying/${closedPurchase}`);
      await caseReady(page);
      await expect(detail(page, 'Next step')).toHaveText(CLOSED);
      await expect(page.getByRole('list', { name: 'Case progress' })).toHaveCount(0);
      await expect(page.getByText('Not started')).toHaveCount(0);

      await page.getByRole('link', { name: 'Back to Buying Cases' }).click();
      await expect(page).toHaveURL(/\/buying(\?|$)/);
      await expect(page.getByRole('heading', { level: 1, name: 'Buying Cases' })).toBeVisible();
    });
  });
}
