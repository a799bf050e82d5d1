// Issue 13 end to end: the buying application. A broker's client accepts the quote for a
// purchase, fills every section as a person would (property, buyer details, purchase and
// financing with a SAVINGS and a LIFETIME_ISA source and the ISA, the land tax answers, loans),
// uploads each document the engine asks for, submits and sees the submitted case
// (checklist BUY-APP-01..23, DOCS-06..08). A gift donor is invited by e-mail, confirms the gift
// in their own dialog without ever seeing the buyer's case, uploads their gift statement on their
// own page (where they land when they sign in again), and the buyer sees the gift confirmed, its
// evidence counted and their gift statement slot filled (INVITE-03/06). The donor asks the firm
// a question in their own thread, which the buyer never sees, and the conveyancer answers it
// from the back office (issue 32). A Welsh purchase's land tax section names Land Transaction Tax.
import { expect, test, type Page } from '@playwright/test';
import { everySectionAtBothWidths, next, uploadSlot } from '../support/application';
import { apiPost } from '../support/api';
import {
  FEED_DELIVERY_MS,
  atBothWidths,
  clientWithAcceptedQuote,
  dismissConsent,
  expectAccessible,
  expectNoSidewaysScroll,
  finishFirstSignIn,
  signIn,
} from '../support/app';
import { PDF } from '../support/files';
import { waitForMailAbout } from '../support/mail';
import { signInConveyancer } from '../support/staff';

// Surnames the demo data does not use.
const CLIENT = { name: 'Bea Buckland', email: 'bea.buckland@e2e.test' };
const ADDRESS = '8 Buckland Mews';
const WELSH_CLIENT = { name: 'Dai Llewellyn', email: 'dai.llewellyn@e2e.test' };
const WELSH_ADDRESS = '3 Heol Llewellyn';
const GIFTED_CLIENT = { name: 'Gus Giftwell', email: 'gus.giftwell@e2e.test' };
const GIFTED_ADDRESS = '5 Giftwell Lane';
const DONOR = { name: 'Greta Giftwell', email: 'greta.giftwell@e2e.test' };
const SECOND_HOME_CLIENT = { name: 'Hal Holloway', email: 'hal.holloway@e2e.test' };
const SECOND_HOME_ADDRESS = '9 Holloway Close';

const SECTIONS = [
  'key-facts',
  'quote',
  'property',
  'buyer-details',
  'purchase-and-financing',
  'stamp-duty-land-tax',
  'loans',
  'documents',
  'review-and-submit',
];

/** Property: sole owner, a detached house, freehold. */
async function fillProperty(page: Page) {
  await page.getByRole('radio', { name: /^Sole owner/ }).check();
  await page.getByLabel('Property type').selectOption('DETACHED_HOUSE');
  await page.getByRole('radio', { name: /^Freehold/ }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved').first()).toBeVisible();
}

/**
 * Buyer Details: the signed-in buyer's own case details, every one a buyer needs (§5), with
 * their current address in full (issue 26: identity checks and the land tax return need the
 * postcode; the server refuses it without one).
 */
async function fillBuyerDetails(page: Page, addressLine1: string) {
  await expect(page.getByText('Lead buyer')).toBeVisible();
  await expect(page.getByText('Still needed:')).toBeVisible();
  await page.getByLabel('Address line 1').fill(addressLine1);
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Enter the postcode')).toBeVisible();
  // Required fields: MUI adds ' *' to their labels.
  await page.getByLabel(/^Town or city/).fill('Leeds');
  await page.getByLabel(/^Postcode/).fill('LS6 2AA');
  await page.getByLabel('Occupation', { exact: true }).fill('Surveyor');
  await page.getByLabel('National Insurance number', { exact: true }).fill('QQ 12 34 56 C');
  await page.getByRole('radiogroup', { name: 'Are you a UK resident?' }).getByRole('radio', { name: 'Yes' }).check();
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('All details given')).toBeVisible();
}

/**
 * Answers the Stamp Duty Land Tax section's questions (not replacing a main residence) and
 * saves them. A Welsh purchase has no first-time buyer question: leave `firstTimeBuyer` out.
 */
async function answerLandTax(page: Page, answers: { moreThanOneHome: 'Yes' | 'No'; firstTimeBuyer?: 'Yes' | 'No' }) {
  const choose = (question: string, answer: string) =>
    page.getByRole('radiogroup', { name: question }).getByRole('radio', { name: answer }).check();
  await choose('Will any buyer own more than one home once the purchase completes?', answers.moreThanOneHome);
  await choose('Is the purchase replacing a buyer’s main residence?', 'No');
  if (answers.firstTimeBuyer) await choose('Is every buyer a first-time buyer?', answers.firstTimeBuyer);
  await page.getByRole('button', { name: 'Save answers' }).click();
}

test('a buyer accepts the quote, completes every section, uploads the documents and submits', async ({ page, browser }) => {
  test.setTimeout(480_000);
  const { customer: client, context, caseId } = await clientWithAcceptedQuote(page, browser, CLIENT, ADDRESS, {
    kind: 'buying',
  });
  const casePath = `/buying/${caseId}`;

  // BUY-APP-01: the nine sections in order; Property opens once the quote is accepted.
  const list = client.getByRole('list', { name: 'Application sections' });
  await expect(list).toBeVisible();
  await client.goto(`${casePath}/application/property`);
  await expect(client.getByRole('heading', { level: 1, name: 'Property' })).toBeVisible();
  // The key facts, read-only here, with the way to change them.
  await expect(client.getByText(ADDRESS).first()).toBeVisible();
  await expect(client.getByText('£400,000.00')).toBeVisible();
  await expect(client.getByRole('link', { name: 'Change these in Key Facts' })).toBeVisible();
  await expectAccessible(client);
  await fillProperty(client);

  // BUY-APP-07/08: Buyer Details opens with the property; a buyer is complete with the
  // occupation, NI number and UK residence too.
  await next(client, 'Buyer Details');
  await fillBuyerDetails(client, '12 Old Road');
  await expectAccessible(client);

  // BUY-APP-09..12: the deposit and lender (from the key facts), a SAVINGS and a LIFETIME_ISA
  // source, and the ISA itself, shown once the ISA source is listed.
  // Issue 26, item 6: the key facts' deposit and lender are there already (no 'Choose…'), and
  // the section has one Save button, also at 375 px.
  await next(client, 'Purchase & Financing');
  await expect(client.getByLabel('Deposit (£)')).toHaveValue('40000');
  await expect(client.getByLabel('Mortgage lender')).not.toHaveValue('');
  for (const width of [375, 1280]) {
    await client.setViewportSize({ width, height: 900 });
    await expect(client.getByRole('button', { name: /save/i })).toHaveCount(1);
    await expectNoSidewaysScroll(client);
  }
  await client.getByRole('button', { name: 'Save deposit and lender' }).click();
  await expect(client.getByText('Saved').first()).toBeVisible();
  const addSource = client.getByRole('form', { name: 'Add a source of funds' });
  await addSource.getByLabel('Source of funds', { exact: true }).selectOption('SAVINGS');
  await addSource.getByLabel('Amount in £ (optional)').fill('20000');
  await addSource.getByRole('button', { name: 'Add source' }).click();
  const sources = client.getByRole('list', { name: 'Sources of funds' });
  await expect(sources).toContainText('Savings');
  await expect(client.getByRole('list', { name: 'ISAs' })).toHaveCount(0);
  // With a source listed, the add form opens from its button.
  await client.getByRole('button', { name: 'Add a source of funds' }).click();
  await addSource.getByLabel('Source of funds', { exact: true }).selectOption('LIFETIME_ISA');
  // The ISA's amount is asked once, with the ISA below.
  await expect(addSource.getByLabel('Amount in £ (optional)')).toHaveCount(0);
  await addSource.getByRole('button', { name: 'Add source' }).click();
  await expect(sources).toContainText('A Lifetime ISA');
  const addIsa = client.getByRole('form', { name: 'Add an ISA' });
  await addIsa.getByLabel('Type of ISA').selectOption('LIFETIME_ISA');
  await addIsa.getByLabel('Whose ISA is it? (optional)').selectOption({ label: CLIENT.name });
  await addIsa.getByLabel('Amount in £ (optional)').fill('20000');
  await addIsa.getByRole('button', { name: 'Add ISA' }).click();
  await expect(client.getByRole('list', { name: 'ISAs' })).toContainText(`Held by: ${CLIENT.name}`);
  // The source shows the ISA's amount, typed once.
  await expect(sources.getByRole('listitem').filter({ hasText: 'A Lifetime ISA' })).toContainText('Amount: £20,000.00');
  await expectAccessible(client);

  // BUY-APP-13/14: the land tax answers; the estimate is shown.
  await next(client, 'Stamp Duty Land Tax');
  await expect(client.getByTestId('land-tax-intro')).toContainText('HM Revenue & Customs');
  await answerLandTax(client, { moreThanOneHome: 'No', firstTimeBuyer: 'No' });
  await expect(client.getByTestId('land-tax')).toContainText('Stamp Duty Land Tax');
  await expectAccessible(client);

  // BUY-APP-15: no other loans.
  await next(client, 'Loans');
  await client
    .getByRole('radiogroup', { name: 'Will any other loans be secured on the property you are buying?' })
    .getByRole('radio', { name: 'No' })
    .check();
  await client.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(client.getByText('Saved').first()).toBeVisible();

  // BUY-APP-16/17, DOCS-07: the engine's slots — the savings statement, the Lifetime ISA
  // statement and the bank statement every purchase needs (with its 12-month rule).
  await next(client, 'Documents');
  const bankGuidance = client.locator('[data-document-type="BANK_STATEMENT"]').getByTestId('document-guidance');
  await expect(bankGuidance).toContainText('bank statements for at least the last 12 months');
  await expectAccessible(client);
  await uploadSlot(client, 'Savings statement', 'savings.pdf');
  await uploadSlot(client, 'Lifetime ISA statement', 'lisa.pdf');
  await uploadSlot(client, 'Bank statement', 'bank.pdf');

  // Every section at a phone's width and a desktop's: axe finds nothing, no sideways scroll.
  await everySectionAtBothWidths(client, casePath, SECTIONS);

  // BUY-APP-19/23: nothing left to do; submit, the feedback dialog, then the submitted case.
  await expect(client.getByText('Everything needed is complete.')).toBeVisible();
  await client.getByRole('checkbox', { name: /I confirm the information I have given is true/ }).check();
  await client.getByRole('button', { name: 'Submit application' }).click();
  await expect(client).toHaveURL(new RegExp(`${casePath}$`));
  const feedback = client.getByRole('dialog', { name: 'How was your experience?' });
  await expect(feedback).toBeVisible();
  await feedback.getByRole('button', { name: 'No thanks' }).click();
  await expect(feedback).toBeHidden();
  // BUY-POST-01: the sections are hidden and the tiles shown.
  await expect(client.getByText('Client Care Letter', { exact: true }).first()).toBeVisible();
  await expect(client.getByRole('link', { name: /Purchase & Financing/ })).toHaveCount(0);
  await client.goto(`${casePath}/application/property`);
  await expect(client).toHaveURL(/\/buying$/);
  await context.close();
});

// Issue 28.2: an answer after the quote that changes the price re-quotes the case. The buyer is
// taken to the new quote, sees what they accepted beside it, and accepts it again; the broker
// gets an e-mail.
test('a land tax answer that changes the price asks the buyer to accept the new quote', async ({ page, browser }) => {
  test.setTimeout(300_000);
  const { customer: client, context, caseId, origin } = await clientWithAcceptedQuote(
    page,
    browser,
    SECOND_HOME_CLIENT,
    SECOND_HOME_ADDRESS,
    { kind: 'buying' },
  );
  const casePath = `/buying/${caseId}`;
  await apiPost(client.request, origin, '/api/property', {
    caseType: 'BUYING',
    caseId,
    landOwnership: 'SOLE_OWNER',
    propertyType: 'TERRACED',
    tenure: 'FREEHOLD',
  });
  await client.goto(`${casePath}/application/buyer-details`);
  await fillBuyerDetails(client, '4 Holloway Row');
  await apiPost(client.request, origin, `/api/buying/${caseId}/purchase-and-financing`, { depositAmount: 4_000_000 });

  await client.goto(`${casePath}/application/stamp-duty-land-tax`);
  // A second home, not replacing the main one: the higher rates.
  await answerLandTax(client, { moreThanOneHome: 'Yes', firstTimeBuyer: 'No' });
  await expect(client).toHaveURL(new RegExp(`${casePath}/application/quote$`));
  const changed = client.getByText(/^Your quote has changed since you accepted it/);
  await expect(changed).toBeVisible();
  // £400,000: £10,000 at the standard rates, £30,000 with the 5% higher rates.
  await expect(client.getByText('£10,000.00').first()).toBeVisible();
  await expect(client.getByText('£30,000.00').first()).toBeVisible();
  for (const width of [375, 1280]) {
    await client.setViewportSize({ width, height: 900 });
    await expectNoSidewaysScroll(client);
  }
  await expectAccessible(client);
  const mail = await waitForMailAbout('broker@demo.threshold.test', `The quote for case ${caseId} has changed`);
  expect(mail.text).toContain(SECOND_HOME_ADDRESS);
  await client.getByRole('button', { name: 'Accept Quote & Continue' }).click();
  await expect(client).toHaveURL(new RegExp(`${casePath}$`));
  await client.goto(`${casePath}/application/quote`);
  await expect(client.getByTestId('quote-accepted')).toBeVisible();
  await expect(changed).toHaveCount(0);
  await context.close();
});

test('a Welsh purchase’s Stamp Duty Land Tax section names Land Transaction Tax', async ({ page, browser }) => {
  test.setTimeout(300_000);
  const { customer: client, context, caseId, origin } = await clientWithAcceptedQuote(
    page,
    browser,
    WELSH_CLIENT,
    WELSH_ADDRESS,
    { kind: 'buying', jurisdiction: 'WALES' },
  );
  const casePath = `/buying/${caseId}`;
  // The sections before the land tax, by the calls the screens make (tested above).
  await apiPost(client.request, origin, '/api/property', {
    caseType: 'BUYING',
    caseId,
    landOwnership: 'SOLE_OWNER',
    propertyType: 'TERRACED',
    tenure: 'FREEHOLD',
  });
  await client.goto(`${casePath}/application/buyer-details`);
  await fillBuyerDetails(client, WELSH_ADDRESS);
  // The deposit is in the key facts and no source needs more: Purchase & Financing is complete.
  await apiPost(client.request, origin, `/api/buying/${caseId}/purchase-and-financing`, { depositAmount: 4_000_000 });

  for (const width of [375, 1280]) {
    await client.setViewportSize({ width, height: 900 });
    await client.goto(`${casePath}/application/stamp-duty-land-tax`);
    // The section keeps the spec's title; its words are Wales's.
    await expect(client.getByRole('heading', { level: 1, name: 'Stamp Duty Land Tax' })).toBeVisible();
    const intro = client.getByTestId('land-tax-intro');
    await expect(intro).toContainText('Land Transaction Tax');
    await expect(intro).toContainText('Welsh Revenue Authority');
    await expectAccessible(client);
    await expectNoSidewaysScroll(client);
  }
  await answerLandTax(client, { moreThanOneHome: 'No' });
  await expect(client.getByTestId('land-tax')).toContainText('Land Transaction Tax');
  await context.close();
});

test('a gift donor is invited, confirms the gift without seeing the case, and the buyer sees it', async ({ page, browser }) => {
  test.setTimeout(360_000);
  const { customer: client, context, caseId, origin } = await clientWithAcceptedQuote(
    page,
    browser,
    GIFTED_CLIENT,
    GIFTED_ADDRESS,
    { kind: 'buying' },
  );
  const casePath = `/buying/${caseId}`;
  await client.goto(`${casePath}/application/buyer-details`);
  await fillBuyerDetails(client, '1 Donor Street');

  // BUY-APP-11: a gift asks for its donor.
  await client.goto(`${casePath}/application/purchase-and-financing`);
  const addSource = client.getByRole('form', { name: 'Add a source of funds' });
  await addSource.getByLabel('Source of funds', { exact: true }).selectOption('GIFTS');
  await addSource.getByRole('button', { name: 'Add source' }).click();
  await expect(client.getByTestId('gifts-note')).toBeVisible();
  const addDonor = client.getByRole('form', { name: 'Add a gift donor' });
  await addDonor.getByLabel('Their name').fill(DONOR.name);
  await addDonor.getByLabel('Their e-mail address').fill(DONOR.email);
  await addDonor.getByLabel('Gift (£)').fill('25000');
  await addDonor.getByRole('button', { name: 'Add donor' }).click();
  const donors = client.getByRole('list', { name: 'People giving a gift' });
  await expect(donors).toContainText(DONOR.name);
  await expect(donors).toContainText('Waiting for them to confirm');
  await expectAccessible(client);

  // INVITE-03, issue 26: the donor's e-mail; its link signs them in and leads to their own
  // gift, never to the buyers' case (nor to 'Buying is not available': a donor has no BUYING).
  const invitation = await waitForMailAbout(DONOR.email, 'Please confirm your gift towards a purchase');
  const link = invitation.text.match(/Open your case: (\S+)/)![1];
  expect(decodeURIComponent(link)).toContain(`/gift/${caseId}`);
  expect(decodeURIComponent(link)).not.toContain('/buying/');
  const donorContext = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const donor = await donorContext.newPage();
  const consoleErrors: string[] = [];
  donor.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  donor.on('pageerror', (e) => consoleErrors.push(e.message));
  await donor.goto(new URL(link).pathname + new URL(link).search);
  await dismissConsent(donor);
  await finishFirstSignIn(donor, DONOR, new RegExp(`/gift/${caseId}$`));
  const dialog = donor.getByRole('dialog', { name: 'Confirm Your Gift Contribution' });
  await expect(dialog).toBeVisible({ timeout: FEED_DELIVERY_MS });
  await expect(dialog).toContainText(
    `${GIFTED_CLIENT.name} has asked you to confirm your gift contribution of £25,000.00 towards the purchase of ${GIFTED_ADDRESS}.`,
  );
  await expectAccessible(donor);
  // The donor never sees the buyer's case.
  const peek = await donor.request.get(`${origin}/api/buying/case/${caseId}/expanded`);
  expect(peek.status()).toBe(404);
  await dialog.getByRole('button', { name: 'Accept', exact: true }).click();
  const thanks = donor.getByRole('dialog', { name: 'Thank you: your gift is confirmed' });
  await expect(thanks).toBeVisible();
  await thanks.getByRole('button', { name: 'Close' }).click();
  await expect(thanks).toBeHidden();
  await expect(donor).toHaveURL(new RegExp(`/gift/${caseId}$`));
  await expect(donor.getByRole('heading', { level: 1, name: 'Your gift contribution' })).toBeVisible();
  // The navigation (the drawer at 375 px) has an entry to their gift.
  await donor.getByRole('button', { name: 'Open navigation' }).click();
  const giftEntry = donor.locator('#mobile-navigation').getByRole('link', { name: 'Your gift' });
  await expect(giftEntry).toHaveAttribute('href', `/gift/${caseId}`);
  await giftEntry.click();
  await expect(donor.locator('#mobile-navigation')).toBeHidden();
  // A link to the buyers' case (an e-mail sent before issue 26) leads to the gift as well.
  await donor.goto(`/buying/${caseId}`);
  await expect(donor).toHaveURL(new RegExp(`/gift/${caseId}$`));
  await expect(donor.getByText('Buying is not available')).toHaveCount(0);
  expect(consoleErrors.filter((e) => /Buying/i.test(e))).toEqual([]);

  // The donor's own evidence, once they confirmed: a gift statement uploaded on their page,
  // listed with its Download and Delete.
  await expect(donor).toHaveURL(new RegExp(`/gift/${caseId}$`));
  const evidence = donor.getByRole('region', { name: 'Your evidence' });
  await expect(evidence.getByText('You have not uploaded any evidence yet.')).toBeVisible();
  const stored = donor.waitForResponse((r) => r.url().endsWith('/api/document') && r.request().method() === 'POST');
  await evidence
    .getByLabel('Upload a gift statement file')
    .setInputFiles({ name: 'gift-statement.pdf', mimeType: 'application/pdf', buffer: PDF });
  expect((await stored).status()).toBe(201);
  const uploaded = evidence.getByRole('list', { name: 'Evidence you uploaded' });
  await expect(uploaded.getByRole('listitem')).toHaveCount(1);
  await expect(uploaded.getByRole('listitem')).toContainText('Gift statement');
  await expect(uploaded.getByRole('listitem')).toContainText('gift-statement.pdf');
  await expect(evidence.getByText('You have not uploaded any evidence yet.')).toHaveCount(0);
  const downloadLink = uploaded.getByRole('link', { name: 'Download Gift statement (gift-statement.pdf)' });
  await expect(uploaded.getByRole('button', { name: 'Delete gift-statement.pdf' })).toBeEnabled();
  const downloaded = donor.waitForEvent('download');
  await downloadLink.click();
  expect((await downloaded).suggestedFilename()).toBe('gift-statement.pdf');
  await atBothWidths(donor, () => expect(uploaded).toBeVisible());

  // Issue 32: the donor's own thread with the firm, which the buyer does not see.
  const QUESTION = 'Should the gift come from my savings account or my current account?';
  const ANSWER = 'From the account your statement shows, please.';
  const donorMessages = donor.getByRole('region', { name: 'Messages' });
  await expect(donorMessages.getByText(/Threshold replies within one working day\./)).toBeVisible();
  await expect(donorMessages.getByRole('button', { name: 'Attach a file' })).toHaveCount(0);
  // Their statement, uploaded above, goes with the question: the only file they may send.
  await donorMessages.getByRole('button', { name: 'Choose an uploaded file' }).click();
  const choices = donor.getByRole('menu');
  await expect(choices.getByRole('menuitem')).toHaveCount(1);
  await choices.getByRole('menuitem', { name: /gift-statement\.pdf/ }).click();
  await expect(donorMessages.getByRole('button', { name: 'Remove gift-statement.pdf' })).toBeVisible();
  await donorMessages.getByRole('textbox', { name: 'Your message' }).fill(QUESTION);
  await donorMessages.getByRole('button', { name: 'Send' }).click();
  await expect(donorMessages.getByRole('listitem').filter({ hasText: QUESTION })).toContainText('You');
  await atBothWidths(donor, () => expect(donorMessages.getByText(/Threshold's reply is due by/)).toBeVisible());
  await expectAccessible(donor);
  const { page: staff, context: staffContext } = await signInConveyancer(browser, {
    name: 'Greg Giftreader',
    email: 'greg.giftreader@threshold.test',
  });
  await staff.goto(`/staff/cases/buying/${caseId}`);
  const firmMessages = staff.getByRole('region', { name: 'Messages' });
  await firmMessages.getByRole('tab', { name: `Gift donor: ${DONOR.name}` }).click();
  const asked = firmMessages.getByRole('listitem').filter({ hasText: QUESTION });
  await expect(asked).toContainText('(Gift donor)');
  await expect(asked.getByRole('link', { name: 'gift-statement.pdf' })).toBeVisible();
  await firmMessages.getByRole('textbox', { name: 'Your message' }).fill(ANSWER);
  await firmMessages.getByRole('button', { name: 'Send' }).click();
  await expect(firmMessages.getByRole('listitem').filter({ hasText: ANSWER })).toBeVisible();
  await staffContext.close();
  await waitForMailAbout(DONOR.email, 'New message about your gift');
  await donor.reload();
  await expect(donorMessages.getByRole('listitem').filter({ hasText: ANSWER })).toContainText('(Threshold)');
  await client.goto(casePath);
  const buyerMessages = client.getByRole('region', { name: 'Messages' });
  await expect(buyerMessages.getByText('No messages yet.')).toBeVisible();
  await expect(client.getByText(QUESTION)).toHaveCount(0);
  await client.goto(`${casePath}/application/purchase-and-financing`);

  // Signing in again, in a fresh browser, the donor lands on their gift (not 'Start a
  // remortgage'), their evidence still there.
  const againContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const again = await againContext.newPage();
  await signIn(again, DONOR.email);
  await expect(again).toHaveURL(new RegExp(`/gift/${caseId}$`), { timeout: 20_000 });
  await expect(again.getByRole('heading', { level: 1, name: 'Your gift contribution' })).toBeVisible();
  // At 1280 px the sidebar's entry to the gift shows, the page it leads to marked current.
  const sidebarGift = again.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Your gift' });
  await expect(sidebarGift).toBeVisible();
  await expect(sidebarGift).toHaveAttribute('aria-current', 'page');
  await expect(again.getByRole('list', { name: 'Evidence you uploaded' })).toContainText('gift-statement.pdf');
  await againContext.close();

  // INVITE-06: the buyer sees the gift confirmed with the donor's evidence; the section is
  // complete, and the statement fills the buyer's own gift statement slot.
  await client.reload();
  const giftDonors = client.getByRole('list', { name: 'People giving a gift' });
  await expect(giftDonors).toContainText('Confirmed');
  await expect(giftDonors).toContainText('Evidence: 1 file');
  // The land tax and loans answers that open Documents, by the calls their screens make
  // (tested above).
  await apiPost(client.request, origin, `/api/buying/${caseId}/stamp-duty-land-tax`, {
    resultsInMultipleProperties: false,
    isReplacingMainResidence: true,
    isFirstTimeBuyer: false,
  });
  await apiPost(client.request, origin, '/api/loans', { caseType: 'BUYING', caseId, hasLoans: false });
  await client.goto(`${casePath}/application/documents`);
  await expect(client.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
  const giftSlot = client.locator('[data-document-type="GIFT_STATEMENT"]');
  await expect(giftSlot).toHaveAttribute('data-uploaded', 'true');
  // The buyers see the donor's file by name and date.
  await expect(giftSlot.getByTestId('document-status')).toHaveText(/^gift-statement\.pdf, uploaded \d{2}\/\d{2}\/\d{4}$/);
  await atBothWidths(client, () => expect(giftSlot.getByRole('button', { name: 'Download Gift statement' })).toBeVisible());
  await donorContext.close();
  await context.close();
});
