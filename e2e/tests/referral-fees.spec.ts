// Issue 28 (item 5) end to end: an administrator records what the firm pays the demo broker firm
// for each client it introduces, at /staff/broker-firms (a card per firm: no sideways scroll at
// 375 px, axe-clean), and the next quote the broker makes discloses it by name and amount. The
// fee is put back to nothing at the end: the demo database is shared by the other specs.
import { expect, test } from '@playwright/test';
import { createRemortgage } from '../support/api';
import { atBothWidths, dismissConsent, signIn } from '../support/app';
import { signInStaff } from '../support/staff';

const RUN = Date.now().toString(36);
const ADMIN = { name: `Rhea Referrals ${RUN}`, email: `rhea.referrals.${RUN}@e2e.test` };
const CLIENT = { name: `Ravi Referred ${RUN}`, email: `ravi.referred.${RUN}@e2e.test` };
const FIRM = 'Demo Mortgage Brokers Ltd';

test('a referral fee recorded in the back office is disclosed on the broker’s next quote', async ({ browser, page }) => {
  test.setTimeout(180_000);
  const { page: admin } = await signInStaff(browser, ADMIN, 'ROLE_ADMIN');
  await admin.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Broker firms' }).click();
  await expect(admin).toHaveURL(/\/staff\/broker-firms$/);
  const card = admin.getByRole('region', { name: FIRM });
  await atBothWidths(admin, async () => {
    await expect(card.getByLabel('Referral fee per client (£)')).toBeVisible();
  });

  const setFee = async (pounds: string) => {
    await card.getByLabel('Referral fee per client (£)').fill(pounds);
    await card.getByRole('button', { name: `Save the referral fee for ${FIRM}` }).click();
    await expect(admin.getByText(`The referral fee for ${FIRM} is recorded.`).last()).toBeVisible();
  };
  await setFee('150');

  try {
    await signIn(page, 'broker@demo.threshold.test');
    await expect(page.getByRole('heading', { name: 'Remortgaging Cases' })).toBeVisible({ timeout: 30_000 });
    const caseId = await createRemortgage(page.request, new URL(page.url()).origin, CLIENT, `28 Referral Row ${RUN}`);
    await page.goto(`/remortgaging/${caseId}/application/quote`);
    const referral = page.getByTestId('referral');
    await expect(referral).toContainText(`Referral fee we pay ${FIRM} for introducing you to us`);
    await expect(referral).toContainText('£150.00');
    await dismissConsent(page);
  } finally {
    await setFee('0');
  }
});
