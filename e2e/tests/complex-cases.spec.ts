// Issue 33, part 2 (ELIG-03/04, CALLS-26, REM-APP-25): the "more complex" remortgages. A broker
// opens a company-owned remortgage and a buy-to-let one; the eligibility check refuses both; a
// conveyancer reviews each in the back office and takes it on with a written reason and a fresh
// code, and it goes back to the broker, who sends the quote. The company case's owner records
// the company (its registered name, number and office, herself as director) in Owners, with no
// Financial Details to fill in, and submits; the firm sees the company among her answers. The
// buy-to-let case's Review & Submit stays locked until its tenancy agreement, gas safety
// certificate and EPC are uploaded. Each at a phone's width and a desktop's.
import { expect, test, type Page } from '@playwright/test';
import type * as OTPAuth from 'otpauth';
import { apiPost, createRemortgage } from '../support/api';
import { clientAcceptsQuote, expectAccessible, expectNoSidewaysScroll, signIn, type NewClient } from '../support/app';
import { uploadSlot } from '../support/application';
import { freshCode, signInConveyancer } from '../support/staff';
import { fillRemortgage, remortgageAsCustomer, uploadDocument } from '../support/submitted';

const BROKER_EMAIL = 'broker@demo.threshold.test';
const REASON = 'Reviewed: the lender offers this kind of mortgage and we can act.';
const DIRECTOR_NEEDED = "Add the company's details and at least one director.";

// Names the demo data and the other specs do not use, one set per width.
const PEOPLE = {
  375: {
    company: { name: 'Cora Compton', email: 'cora.compton@e2e.test' },
    landlord: { name: 'Lorna Letwell', email: 'lorna.letwell@e2e.test' },
    companyConveyancer: { name: 'Tobias Takeon', email: 'tobias.takeon@threshold.test' },
    landlordConveyancer: { name: 'Thea Takeon', email: 'thea.takeon@threshold.test' },
  },
  1280: {
    company: { name: 'Cyril Compton', email: 'cyril.compton@e2e.test' },
    landlord: { name: 'Lionel Letwell', email: 'lionel.letwell@e2e.test' },
    companyConveyancer: { name: 'Tamsin Takeon', email: 'tamsin.takeon@threshold.test' },
    landlordConveyancer: { name: 'Theo Takeon', email: 'theo.takeon@threshold.test' },
  },
} as const;

/**
 * The demo broker (signed in on `page`) opens a remortgage for `client` with these key facts;
 * the eligibility check refuses it. Returns the case id and the page's origin.
 */
async function refusedCase(page: Page, client: NewClient, address: string, keyFacts: Record<string, unknown>) {
  await signIn(page, BROKER_EMAIL);
  await expect(page.getByRole('heading', { name: 'Remortgaging Cases' })).toBeVisible({ timeout: 30_000 });
  const origin = new URL(page.url()).origin;
  const caseId = await createRemortgage(page.request, origin, client, address, keyFacts);
  expect((await remortgageAsCustomer(page.request, origin, caseId)).status).toBe('INELIGIBLE');
  return { caseId, origin };
}

/**
 * The conveyancer opens the refused case and takes it on ('Take on this case': a reason and a
 * fresh code); it goes back to the broker who started it.
 */
async function takeOn(staff: Page, totp: OTPAuth.TOTP, after: number, caseId: number) {
  await staff.goto(`/staff/cases/remortgaging/${caseId}`);
  const status = staff.getByTestId('case-status');
  await expect(status).toContainText('Ineligible');
  const steps = staff.getByRole('region', { name: 'Next steps' });
  // One step, for whoever started the case (the broker here).
  await expect(steps.getByRole('button', { name: 'Take on this case' })).toHaveCount(1);
  await steps.getByRole('button', { name: 'Take on this case' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Take on this case' });
  await expect(dialog).toContainText('Broker Application');
  await dialog.getByLabel('Reason').fill(REASON);
  const { code, step } = await freshCode(staff, totp, after);
  await dialog.getByLabel('Code from your app').fill(code);
  await expectAccessible(staff);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  await expect(status).toContainText('Broker Application');
  // The reason is kept in the audit trail.
  await staff.getByRole('button', { name: 'Audit trail' }).click();
  await expect(staff.getByRole('region', { name: 'Audit trail' })).toContainText(REASON);
  return step;
}

/** The client's case page: its application sections, each by key. */
const sectionItem = (page: Page, key: string) =>
  page.getByRole('list', { name: 'Application sections' }).locator(`[data-key="${key}"]`);

/** Ticks the declaration and submits; ends on the case page with the feedback prompt closed. */
async function submitInBrowser(customer: Page, casePath: string) {
  await customer.goto(`${casePath}/application/review-and-submit`);
  await customer.getByRole('checkbox', { name: /I confirm the information I have given is true/ }).check();
  await customer.getByRole('button', { name: 'Submit application' }).click();
  await expect(customer).toHaveURL(new RegExp(`${casePath}$`));
  const feedback = customer.getByRole('dialog', { name: 'How was your experience?' });
  await feedback.getByRole('button', { name: 'No thanks' }).click();
  await expect(feedback).toBeHidden();
}

for (const width of [375, 1280] as const) {
  const people = PEOPLE[width];

  test(`CALLS-26: a company-owned remortgage is taken on, its company recorded and submitted (${width} px)`, async ({ page, browser }) => {
    test.setTimeout(300_000);
    const client = people.company;
    const address = `${width} Compton Court`;
    const { caseId, origin } = await refusedCase(page, client, address, { isCompanyOwned: true });

    const { context: staffContext, page: staff, totp, enrolStep } = await signInConveyancer(browser, people.companyConveyancer);
    await staff.setViewportSize({ width, height: 900 });
    await takeOn(staff, totp, enrolStep, caseId);

    // The broker sends the quote; the owner accepts it and fills in everything but the company.
    await apiPost(page.request, origin, '/api/quote/send', { caseType: 'REMORTGAGING', caseId });
    const { customer, context } = await clientAcceptsQuote(browser, client, 'remortgaging', caseId, width);
    const casePath = `/remortgaging/${caseId}`;
    await apiPost(customer.request, origin, '/api/property', {
      caseType: 'REMORTGAGING',
      caseId,
      landOwnership: 'SOLE_OWNER',
      propertyType: 'TERRACED',
      tenure: 'FREEHOLD',
    });
    const lead = (await remortgageAsCustomer(customer.request, origin, caseId)).propertyOwners.find((o) => o.isLead)!;
    await apiPost(customer.request, origin, `/api/remortgaging/${caseId}/applicant/${lead.id}`, { addressLine1: address, occupation: 'Landlord' });
    await apiPost(customer.request, origin, `/api/remortgaging/${caseId}/property-occupant`, { hasAdultOccupants: false });
    await apiPost(customer.request, origin, '/api/property/alterations', { caseType: 'REMORTGAGING', caseId, hasAlterations: false });

    // REM-APP-25: a company case has no Financial Details; it cannot go in without its company.
    await customer.goto(casePath);
    await expect(sectionItem(customer, 'owners')).toBeVisible();
    await expect(sectionItem(customer, 'financial-details')).toHaveCount(0);
    await customer.goto(`${casePath}/application/review-and-submit`);
    await expect(customer.getByTestId('submit-why')).toHaveText(DIRECTOR_NEEDED);
    await expect(customer.getByRole('button', { name: 'Submit application' })).toBeDisabled();

    // CALLS-26: the company, as Companies House registers it, with the owner as its director.
    await customer.goto(`${casePath}/application/owners`);
    const company = customer.getByRole('region', { name: 'The company' });
    await expect(company.getByLabel('Registered name')).toBeVisible();
    await expectAccessible(customer);
    await expectNoSidewaysScroll(customer);
    await company.getByLabel('Registered name').fill('Compton Property Holdings Ltd');
    await company.getByLabel('Company number').fill('sc 123456');
    await company.getByLabel('Registered office address line 1').fill('2 Castle Street');
    await company.getByLabel('Town or city').fill('Canterbury');
    await company.getByLabel('Postcode').fill('ct1 2ab');
    await company.getByRole('group', { name: client.name }).getByRole('checkbox', { name: 'Director' }).check();
    await company.getByRole('button', { name: 'Save company details' }).click();
    const summary = company.getByTestId('company-summary');
    await expect(summary).toContainText('Compton Property Holdings Ltd');
    await expect(summary).toContainText('SC123456');
    await expect(summary).toContainText('2 Castle Street, Canterbury, CT1 2AB');
    await expect(company.getByText('Company details saved.')).toBeVisible();
    await expectAccessible(customer);
    await expectNoSidewaysScroll(customer);

    await submitInBrowser(customer, casePath);
    expect((await remortgageAsCustomer(customer.request, origin, caseId)).status).toBe('IDENTITY_VERIFICATION');

    // The firm sees the company among her answers.
    await staff.reload();
    await staff.getByRole('button', { name: 'Owners', exact: true }).click();
    const owners = staff.getByRole('region', { name: 'Owners', exact: true });
    await expect(owners).toContainText('Compton Property Holdings Ltd');
    await expect(owners).toContainText('SC123456');
    await expect(owners.getByRole('definition').filter({ hasText: 'Director' })).toBeVisible();
    await expectNoSidewaysScroll(staff);
    await context.close();
    await staffContext.close();
  });

  test(`ELIG-04: a buy-to-let remortgage is taken on and waits for its documents (${width} px)`, async ({ page, browser }) => {
    test.setTimeout(300_000);
    const client = people.landlord;
    const address = `${width} Letwell Road`;
    const { caseId, origin } = await refusedCase(page, client, address, { propertyUsage: 'BUY_TO_LET' });

    const { context: staffContext, page: staff, totp, enrolStep } = await signInConveyancer(browser, people.landlordConveyancer);
    await staff.setViewportSize({ width, height: 900 });
    await takeOn(staff, totp, enrolStep, caseId);
    await staffContext.close();

    await apiPost(page.request, origin, '/api/quote/send', { caseType: 'REMORTGAGING', caseId });
    const { customer, context } = await clientAcceptsQuote(browser, client, 'remortgaging', caseId, width);
    const casePath = `/remortgaging/${caseId}`;
    await fillRemortgage(customer.request, origin, caseId, address);

    // Everything answered, but Review & Submit stays locked until the landlord's documents are in.
    await customer.goto(casePath);
    await expect(sectionItem(customer, 'review-and-submit')).toHaveAttribute('data-state', 'LOCKED');
    await customer.goto(`${casePath}/application/documents`);
    const buyToLet = customer.getByRole('region', { name: 'Buy-to-let documents' });
    for (const label of ['Tenancy agreement', 'Gas safety certificate', 'Energy Performance Certificate (EPC)']) {
      await expect(buyToLet.getByText(label, { exact: true })).toBeVisible();
    }
    await expectAccessible(customer);
    await expectNoSidewaysScroll(customer);
    await uploadSlot(customer, 'Tenancy agreement', 'tenancy-agreement.pdf');
    await customer.goto(casePath);
    await expect(sectionItem(customer, 'review-and-submit')).toHaveAttribute('data-state', 'LOCKED');
    await uploadDocument(customer.request, origin, caseId, 'GAS_SAFETY_CERTIFICATE', 'gas-safety.pdf');
    await uploadDocument(customer.request, origin, caseId, 'ENERGY_PERFORMANCE_CERTIFICATE', 'epc.pdf');

    await customer.reload();
    await expect(sectionItem(customer, 'review-and-submit')).not.toHaveAttribute('data-state', 'LOCKED');
    await customer.goto(`${casePath}/application/review-and-submit`);
    await expect(customer.getByTestId('submit-why')).toHaveCount(0);
    await expectNoSidewaysScroll(customer);
    await submitInBrowser(customer, casePath);
    expect((await remortgageAsCustomer(customer.request, origin, caseId)).status).toBe('IDENTITY_VERIFICATION');
    await context.close();
  });
}
