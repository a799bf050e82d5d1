// Verify Identity through the identity provider (issue 14: "an electronic ID provider can be
// added by configuration"). A second Threshold, started with ONFIDO_* settings against a local
// fake of Onfido (support/onfido.ts), on the same database kind as the rest of the run: a
// broker's client submits their remortgage, starts the check on Verify Identity, finishes it on
// the provider's page, comes back to a page that waits, and sees 'Verified on …' once Onfido's
// signed webhook has been recorded. No photo is uploaded and nobody at the firm steps in.
import type { Server } from 'node:http';
import { expect, test as base } from '@playwright/test';
import { caseTile, clientWithAcceptedQuote, expectAccessible } from '../support/app';
import { ONFIDO_TOKEN, ONFIDO_WEBHOOK_TOKEN, ONFIDO_WORKFLOW, startFakeOnfido } from '../support/onfido';
import { startSecondServer } from '../support/server';
import { submitRemortgage } from '../support/submitted';

const CLIENT = { name: 'Iris Idcheck', email: `iris.idcheck.${Date.now()}@e2e.test` };
const ADDRESS = '8 Onfido Row';
const DATE = /\d{2}\/\d{2}\/\d{4}/;

/** Threshold with Onfido configured, and the fake Onfido it talks to. */
const test = base.extend<object, { onfidoSite: string }>({
  onfidoSite: [
    async ({}, use) => {
      let site = '';
      const fake: { url: string; server: Server } = await startFakeOnfido(() => `${site}/api/webhooks/onfido`);
      const second = await startSecondServer('onfido', () => ({
        ONFIDO_API_TOKEN: ONFIDO_TOKEN,
        ONFIDO_WORKFLOW_ID: ONFIDO_WORKFLOW,
        ONFIDO_WEBHOOK_TOKEN: ONFIDO_WEBHOOK_TOKEN,
        ONFIDO_API_URL: fake.url,
      }));
      site = second.site;
      await use(site);
      await second.stop();
      fake.server.close();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ onfidoSite }, use) => use(onfidoSite),
});

test("identity verified by the provider's hosted check and its signed webhook", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const { customer, context, caseId, origin } = await clientWithAcceptedQuote(page, browser, CLIENT, ADDRESS);
  await submitRemortgage(customer.request, origin, caseId, ADDRESS);

  // Verify Identity offers the provider's check: no uploads.
  const identification = `/remortgaging/${caseId}/identification`;
  await customer.goto(identification);
  await expect(customer.getByRole('heading', { level: 1, name: 'Verify Identity' })).toBeVisible();
  await expect(customer.getByText(/Our identity partner, Onfido, checks your passport/)).toBeVisible();
  await expect(customer.getByRole('button', { name: 'Upload Selfie' })).toHaveCount(0);
  await expectAccessible(customer);

  // To the provider's page and back: the page waits, then shows the verdict by itself.
  await customer.getByRole('button', { name: 'Start your identity check' }).click();
  await expect(customer.getByRole('heading', { name: 'Identity check (test)' })).toBeVisible();
  await customer.getByRole('button', { name: 'Finish the check' }).click();
  await expect(customer).toHaveURL(new RegExp(`${identification}\\?check=done$`));
  await expect(customer.getByText(/^Verified on /)).toHaveText(DATE, { timeout: 30_000 });
  await expect(customer.getByText('Your identity is verified. There is nothing more to do here.')).toBeVisible();

  // The case moves on: the tile is complete.
  await customer.goto(`/remortgaging/${caseId}`);
  await expect(caseTile(customer, 'identification')).toHaveAttribute('data-state', 'IS_COMPLETE');
  await context.close();
});
