// A purchase after submission, from both sides (spec §2 routes, §4 "Buying post-submit tiles";
// BUY-POST-01..21, FLOW-02). A broker's client accepts the quote in the app and their
// application is submitted with the app's own calls (buying-application.spec.ts drives those
// screens); then: the eight tiles, the client care letter accepted, the up-front payment made
// on /deposit (the local test payment: no provider is configured in the tests), identity, the
// firm uploading the seller's TA6 and a search in its back office and recording the search
// there, the searches and the contract pack on the buyer's pages, the report on title and the
// completion statement accepted, the completion date agreed in the back office (its dialog asks
// for the date; the buyer is e-mailed it), the client ledger worked to zero in the back office
// (the statement's lines, the buyer's balance received, the seller's solicitors, the tax and the
// firm's bill paid: issue 28), and completion. The firm's other steps are the back
// office's API calls from the conveyancer's session (support/staff.ts signs them in through
// /staff).
import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { apiPost } from '../support/api';
import { atBothWidths, caseTile, clientWithAcceptedQuote, expectAccessible } from '../support/app';
import { waitForMailAbout } from '../support/mail';
import { signInConveyancer } from '../support/staff';
import {
  purchaseAsCustomer,
  recordOpenTasks,
  refreshSession,
  submitIdentity,
  submitPurchase,
  uploadDocument,
} from '../support/submitted';
import { daysAhead } from '../support/clock';
import { PDF } from '../support/files';

// Names the demo data does not use; the staff address is new on every run.
const CLIENT = { name: 'Pip Pennyfeather', email: 'pip.pennyfeather@e2e.test' };
const ADDRESS = '12 Pennyfeather Row';
const STAFF = { name: 'Sol Searcher', email: `sol.searcher.${Date.now()}@e2e.test` };
const DATE = /\d{2}\/\d{2}\/\d{4}/;
/** The back office's calls on one purchase, from the conveyancer's signed-in context. */
function backOffice(request: APIRequestContext, origin: string, caseId: number) {
  const base = `/api/staff/cases/buying/${caseId}`;
  async function post(path: string, data: unknown) {
    await refreshSession(request, origin);
    return apiPost(request, origin, `${base}${path}`, data);
  }
  return {
    /**
     * Drafts a document from the case and issues it (the workflow's publishing step); the
     * report on title with the conveyancer's findings (issue 29).
     */
    async draftAndIssue(documentType: string) {
      const findings =
        documentType === 'REPORT_ON_TITLE'
          ? { titleFindings: 'The seller is the registered proprietor.', searchFindings: 'Nothing adverse.' }
          : {};
      const drafted = await post('/documents', { documentType, ...findings });
      await post(`/documents/${drafted!.documentId as number}/issue`, {});
    },
    verifyIdentity: (applicantId: number) =>
      post(`/identity/${applicantId}`, {
        decision: 'VERIFIED',
        // What the firm compared: every item ticked (issue 26.13).
        checks: { photoMatches: true, nameMatches: true, dateOfBirthMatches: true, documentInDate: true, addressMatches: true },
      }),
    take: (transition: string, extra: Record<string, unknown> = {}) => post('/transition', { transition, ...extra }),
    /** Uploads a search document as the firm and records it. */
    async addSearch(documentType: string, kind: 'DOCUMENT' | 'SUMMARY') {
      const documentId = await uploadDocument(request, origin, caseId, documentType, `${kind}.pdf`, 'BUYING');
      await post('/searches', { documentId, kind });
    },
  };
}

interface Line {
  label: string;
  amountPence: number;
}
interface Ledger {
  statement: { lines: Line[]; received: Line[]; balancePence: number } | null;
}

/** Pence as the app shows money: £1,234.56. */
const pounds = (pence: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(pence / 100);

/** Records money through the back office's Client ledger form, as the cashier does. */
async function recordMoney(ledger: Locator, entry: { kind: string; pence: number; party: string }) {
  const page = ledger.page();
  const form = ledger.getByRole('form', { name: 'Record money' });
  if (!(await form.isVisible())) await ledger.getByRole('button', { name: 'Record money received or paid' }).click();
  await form.getByRole('combobox', { name: /^Kind/ }).click();
  await page.getByRole('option', { name: entry.kind, exact: true }).click();
  await form.getByLabel(/^Amount/).fill((entry.pence / 100).toFixed(2));
  await form.getByLabel(/^(Paid to|Received from)/).fill(entry.party);
  const saved = page.waitForResponse((r) => r.url().endsWith('/ledger') && r.request().method() === 'POST');
  await form.getByRole('button', { name: 'Record', exact: true }).click();
  expect((await saved).status()).toBe(201);
}

/** The day `days` from today: as a date field takes it (yyyy-mm-dd) and as the app shows it. */
/** The description of `term` in a back-office panel's list of details. */
function detail(panel: Locator, term: string) {
  // The innermost block holding the term is its row (groups of rows are blocks too).
  return panel
    .locator('div')
    .filter({ has: panel.page().getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }) })
    .last()
    .getByRole('definition');
}

async function statusIs(request: APIRequestContext, origin: string, caseId: number, status: string) {
  await expect.poll(async () => (await purchaseAsCustomer(request, origin, caseId)).status, { timeout: 30_000 }).toBe(status);
}

test('after submitting a purchase: the letter, the up-front payment, searches and contract pack, the reports, completion', async ({
  page,
  browser,
}) => {
  test.setTimeout(480_000);
  const { customer, context, caseId, origin } = await clientWithAcceptedQuote(page, browser, CLIENT, ADDRESS, { kind: 'buying' });
  const casePath = `/buying/${caseId}`;
  await submitPurchase(customer.request, origin, caseId, ADDRESS);

  // BUY-POST-01/03: the eight tiles in the spec's order; the letter locked while we prepare it.
  await customer.goto(casePath);
  const tiles = customer.getByRole('list', { name: 'Case progress' }).getByRole('listitem');
  await expect(tiles).toHaveText([
    /Application & Quote/,
    /Client Care Letter/,
    /Upload Documents/,
    /Deposit/,
    /Verify Identity/,
    /Searches/,
    /Contract Pack/,
    /Completion Statement/,
  ]);
  await expect(customer.getByRole('list', { name: 'Application sections' })).toHaveCount(0);
  await expect(caseTile(customer, 'client-care-letter')).toHaveAttribute('data-state', 'LOCKED');
  await expect(caseTile(customer, 'deposit')).toHaveAttribute('data-state', 'LOCKED');
  // BUY-POST-06: a locked tile's page sends the buyer back to the list.
  await customer.goto(`${casePath}/client-care-letter`);
  await expect(customer).toHaveURL(/\/buying$/);

  // The firm issues the client care letter; BUY-POST-09: the buyer views and accepts it.
  const firm = await signInConveyancer(browser, STAFF);
  const office = backOffice(firm.context.request, origin, caseId);
  await office.draftAndIssue('CLIENT_CARE_LETTER');
  await statusIs(customer.request, origin, caseId, 'CLIENT_CARE_LETTER_ACCEPTANCE');
  await customer.goto(casePath);
  await expect(caseTile(customer, 'client-care-letter')).toHaveAttribute('data-state', 'NOT_STARTED');
  await customer.getByRole('link', { name: /Client Care Letter/ }).click();
  await expect(customer).toHaveURL(new RegExp(`${casePath}/client-care-letter$`));
  await atBothWidths(customer, () => expect(customer.getByRole('button', { name: 'Accept', exact: true })).toBeVisible());
  await customer.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(customer.getByText('Thank you: you have accepted the client care letter')).toBeVisible();
  await statusIs(customer.request, origin, caseId, 'AWAITING_DEPOSIT');

  // BUY-POST-10..12: the deposit opens; the local test payment, confirmed, records it.
  await customer.goto(casePath);
  await expect(customer.getByText('We are waiting for an initial payment to be paid.')).toBeVisible();
  await expect(caseTile(customer, 'deposit')).toHaveAttribute('data-state', 'NOT_STARTED');
  await expect(caseTile(customer, 'identification')).toHaveAttribute('data-state', 'LOCKED');
  await customer.getByRole('link', { name: /Deposit/ }).click();
  await expect(customer).toHaveURL(new RegExp(`${casePath}/deposit$`));
  const pay = customer.getByRole('button', { name: /^Pay £/ });
  await atBothWidths(customer, () => expect(pay).toBeVisible());
  // Issue 28 (4): no payment without the express request to start work within the 14 days.
  await expect(pay).toBeDisabled();
  await customer.getByRole('checkbox', { name: /^I ask you to start work on my purchase now/ }).check();
  const started = customer.waitForResponse((r) => r.url().endsWith('/api/deposit-payment'));
  await pay.click();
  expect((await started).status()).toBe(200);
  await expect(customer.getByText('Test payment — no card is charged on this installation')).toBeVisible();
  await atBothWidths(customer, () => expect(customer.getByRole('button', { name: 'Confirm payment' })).toBeVisible());
  const confirmed = customer.waitForResponse((r) => r.url().endsWith('/api/local-payment-response'));
  await customer.getByRole('button', { name: 'Confirm payment' }).click();
  expect((await confirmed).status()).toBe(200);
  await expect(customer.getByText(new RegExp(`^Paid on ${DATE.source}$`))).toBeVisible();
  await statusIs(customer.request, origin, caseId, 'IDENTITY_VERIFICATION');
  await customer.goto(casePath);
  await expect(caseTile(customer, 'deposit')).toHaveAttribute('data-state', 'IS_COMPLETE');
  await expect(caseTile(customer, 'searches')).toHaveAttribute('data-state', 'NOT_STARTED');

  // Identity (its screens are after-submit.spec.ts's), then the memorandum of sale.
  await submitIdentity(customer.request, origin, caseId, 'BUYING');
  // Issue 26: sent for checking, the tile reads in progress, not 'Not started'.
  await customer.goto(casePath);
  await expect(caseTile(customer, 'identification')).toHaveAttribute('data-state', 'IN_PROGRESS');
  const [buyer] = (await purchaseAsCustomer(customer.request, origin, caseId)).buyers;
  // The firm's AML checks are recorded first (issue 29: risk, sanctions and PEPs, funds).
  await recordOpenTasks(firm.context.request, origin, 'BUYING', caseId);
  await office.verifyIdentity(buyer.id);
  await statusIs(customer.request, origin, caseId, 'AWAITING_MEMORANDUM_OF_SALE');
  await office.take('memorandum_of_sale_received');

  // The firm, in its back office: the seller's TA6 and the local authority search uploaded,
  // the search recorded as a result.
  const staffPage = firm.page;
  await staffPage.goto(`/staff/cases/buying/${caseId}`);
  const upload = async (type: string, fileName: string) => {
    const documentType = staffPage.getByRole('combobox', { name: 'Document type' });
    await expect(documentType).toBeEnabled();
    await documentType.click();
    await staffPage.getByRole('option', { name: type }).click();
    const stored = staffPage.waitForResponse((r) => r.url().endsWith('/api/document') && r.request().method() === 'POST');
    await staffPage.getByLabel(`Choose a file and upload: ${type}`).setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: PDF });
    expect((await stored).status()).toBe(201);
    await expect(staffPage.getByText(`${type} uploaded.`)).toBeVisible();
  };
  await upload('Property information form (TA6)', 'ta6.pdf');
  await upload('Local authority search', 'local-authority.pdf');
  const searches = staffPage.getByRole('list', { name: 'Searches' });
  const recorded = staffPage.waitForResponse((r) => r.url().endsWith('/searches'));
  await searches.getByRole('button', { name: 'Record as search result' }).click();
  expect((await recorded).status()).toBe(200);
  await expect(searches.getByText('Recorded as search result')).toBeVisible();
  await atBothWidths(staffPage, () => expect(searches).toBeVisible());
  await office.take('contract_pack_received');
  await statusIs(customer.request, origin, caseId, 'AWAITING_SEARCHES');

  // BUY-POST-15/16: the buyer follows the searches; the last summary moves the case on.
  await customer.goto(`${casePath}/searches`);
  await expect(customer.getByRole('heading', { level: 1, name: 'Searches' })).toBeVisible();
  await expect(customer.getByText(/Local authority search/).first()).toBeVisible();
  await atBothWidths(customer, () => expect(customer.getByText('Not back yet').first()).toBeVisible());
  await office.addSearch('LOCAL_AUTHORITY_SEARCH', 'SUMMARY');
  for (const search of ['DRAINAGE_AND_WATER_SEARCH', 'ENVIRONMENTAL_SEARCH']) {
    await office.addSearch(search, 'DOCUMENT');
    await office.addSearch(search, 'SUMMARY');
  }
  await statusIs(customer.request, origin, caseId, 'CONTRACT_PACK_REVIEW');
  await customer.reload();
  await expect(customer.getByText('Not back yet')).toHaveCount(0);
  await customer.goto(casePath);
  await expect(caseTile(customer, 'searches')).toHaveAttribute('data-state', 'IS_COMPLETE');

  // Issue 29: the firm raises an enquiry with the seller's solicitor in its Enquiries panel
  // and records the reply; none is left open, so the review can end.
  await staffPage.goto(`/staff/cases/buying/${caseId}`);
  const enquiries = staffPage.getByRole('region', { name: 'Enquiries' });
  await enquiries.getByRole('button', { name: 'Raise an enquiry' }).click();
  const raise = staffPage.getByRole('dialog', { name: 'Raise an enquiry' });
  await raise.getByRole('textbox', { name: 'Enquiry' }).fill('Please confirm there is no boundary dispute.');
  await raise.getByRole('button', { name: 'Raise an enquiry' }).click();
  await expect(enquiries.getByText('1 raised, 1 open')).toBeVisible();
  await enquiries.getByRole('button', { name: 'Record reply' }).click();
  const reply = staffPage.getByRole('dialog', { name: 'Record the reply to enquiry 1' });
  await reply.getByRole('textbox', { name: 'Reply' }).fill('None known to the seller.');
  await reply.getByRole('button', { name: 'Record reply' }).click();
  await expect(enquiries.getByText('1 raised, none open')).toBeVisible();
  await atBothWidths(staffPage, () => expect(enquiries.getByText('None known to the seller.')).toBeVisible());

  // BUY-POST-17: the contract pack — the TA6 to read, then the report on title to accept.
  await office.take('enquiries_resolved');
  await office.draftAndIssue('REPORT_ON_TITLE');
  await statusIs(customer.request, origin, caseId, 'REPORT_ON_TITLE_ACCEPTANCE');
  await customer.goto(`${casePath}/contract-pack`);
  await expect(customer.getByRole('heading', { level: 1, name: 'Contract Pack' })).toBeVisible();
  await expect(customer.getByText('The contract pack is reviewed and the enquiries are answered.')).toBeVisible();
  // Issue 29: the buyer reads the firm's enquiry and the seller's solicitor's reply.
  const asked = customer.getByRole('list', { name: "Our enquiries with the seller's solicitor" });
  await expect(asked.getByText('Please confirm there is no boundary dispute.')).toBeVisible();
  await expect(asked.getByText('None known to the seller.')).toBeVisible();
  await atBothWidths(customer, () => expect(customer.getByRole('button', { name: 'Accept', exact: true })).toBeVisible());
  await customer.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(customer.getByText('Thank you: you have accepted the report on title')).toBeVisible();
  await statusIs(customer.request, origin, caseId, 'PREPARE_COMPLETION_STATEMENT');

  // BUY-POST-18..21: the completion statement, accepted; then the firm completes.
  await office.draftAndIssue('COMPLETION_STATEMENT');
  await customer.goto(`${casePath}/completion-statement`);
  await expect(customer.getByRole('heading', { level: 1, name: 'Completion Statement' })).toBeVisible();
  await customer.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(customer.getByText('Thank you: you have accepted the completion statement')).toBeVisible();
  const feedback = customer.getByRole('dialog', { name: 'How was your experience?' });
  await expect(feedback).toBeVisible();
  await feedback.getByRole('button', { name: 'No thanks' }).click();
  // Issue 29: accepted, the statement waits for the exchange of contracts, the firm's move.
  await statusIs(customer.request, origin, caseId, 'COMPLETION_STATEMENT_ACCEPTANCE');

  // The firm holds the signed contract and transfer and the deposit (recorded by its calls),
  // then records the exchange in its back office's Legal file: the case is pending completion.
  await recordOpenTasks(firm.context.request, origin, 'BUYING', caseId, ['contracts_exchanged']);
  await staffPage.goto(`/staff/cases/buying/${caseId}`);
  const file = staffPage.getByRole('region', { name: 'Legal file' });
  // A task's item by its own label (the next one names it in what it waits for).
  const taskItem = (label: string) =>
    file.getByRole('listitem').filter({ has: staffPage.getByText(label, { exact: true }) });
  await expect(taskItem('Contract signed by the buyers')).toContainText('by Sol Searcher');
  const exchange = taskItem('Contracts exchanged');
  await exchange.getByRole('button', { name: 'Record as done' }).click();
  const exchanged = staffPage.getByRole('dialog', { name: 'Record as done: Contracts exchanged' });
  // Exchange fixes the completion date in the contract: a date, today or later.
  const fixedBy = exchanged.getByLabel(/Completion date fixed by the contract/);
  await expect(fixedBy).toHaveAttribute('type', 'date');
  await fixedBy.fill(daysAhead(21).iso);
  await exchanged.getByRole('textbox', { name: 'Note (optional)' }).fill('Attendance note EX-2026/14');
  await atBothWidths(staffPage, () => expect(exchanged).toBeVisible());
  await exchanged.getByRole('button', { name: 'Record as done' }).click();
  await expect(exchanged).toBeHidden();
  await expect(exchange).toContainText(`Completion date fixed by the contract: ${daysAhead(21).shown}`);
  await expect(exchange).toContainText('Attendance note EX-2026/14');
  await expect(staffPage.getByRole('region', { name: 'Next steps' })).toBeVisible();
  await statusIs(customer.request, origin, caseId, 'PENDING_COMPLETION');
  // …and the buyer is told it as the case moves on.
  await waitForMailAbout(CLIENT.email, `Completion date agreed: ${daysAhead(21).shown}`);

  // The parties agree to complete sooner: the firm agrees the new date in its back office (the
  // step asks for the date and will not go on without one); the case shows it and the buyer is
  // e-mailed it.
  await staffPage.goto(`/staff/cases/buying/${caseId}`);
  const nextSteps = staffPage.getByRole('region', { name: 'Next steps' });
  await nextSteps.getByRole('button', { name: 'Agree the completion date' }).click();
  const agree = staffPage.getByRole('dialog', { name: 'Agree the completion date' });
  await expect(agree).toBeVisible();
  const completionDate = agree.getByLabel('Completion date');
  await expect(completionDate).toHaveAttribute('type', 'date');
  await expect(completionDate).toHaveAttribute('required', '');
  await agree.getByRole('button', { name: 'Confirm' }).click();
  await expect(agree.getByText('Enter the agreed completion date')).toBeVisible();
  await expect(completionDate).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(staffPage);
  const { iso, shown } = daysAhead(14);
  await completionDate.fill(iso);
  const agreed = staffPage.waitForResponse((r) => r.url().endsWith('/transition') && r.request().method() === 'POST');
  await agree.getByRole('button', { name: 'Confirm' }).click();
  expect((await agreed).status()).toBe(200);
  await expect(agree).toBeHidden();
  await expect(staffPage.getByText('Moved to Pending Completion')).toBeVisible();
  const keyFacts = staffPage.getByRole('region', { name: 'Key facts' });
  await expect(detail(keyFacts, 'Completion date')).toHaveText(shown);
  await atBothWidths(staffPage, () => expect(detail(keyFacts, 'Completion date')).toHaveText(shown));
  await waitForMailAbout(CLIENT.email, `Completion date agreed: ${shown}`);
  // Issue 26: the agreed date is on the customer's case page too, as on the card and e-mail.
  await customer.goto(casePath);
  const about = customer.getByRole('region', { name: 'About this case' });
  await expect(about).toContainText(`Completion date${shown}`);
  await expect(about).toContainText('Case handler');
  await atBothWidths(customer, () => expect(about).toBeVisible());
  // Issue 28 (1): the cashier works the client ledger in the back office. No lender's offer is
  // recorded, so the statement is a cash purchase's: the price, the land tax and the firm's
  // bill, less the up-front payment and the exchange deposit the buyer sent before exchange (the
  // task needs the ledger to hold it); every figure is the case's, the quote's or the ledger's.
  // The figures as the page itself reads them (a second session refresh beside the page's own
  // would race it).
  const read = staffPage.waitForResponse((r) => r.url().endsWith('/ledger') && r.request().method() === 'GET');
  await staffPage.goto(`/staff/cases/buying/${caseId}`);
  const figures = ((await (await read).json()) as Ledger).statement!;
  const ledger = staffPage.getByRole('region', { name: 'Client ledger', exact: true });
  const statement = ledger.getByTestId('statement');
  const lines = figures.lines.map((l) => l.label);
  expect(lines[0]).toBe("Purchase price, paid to the seller's solicitors");
  expect(lines.some((l) => /advance/i.test(l))).toBe(false);
  expect(figures.received.map((l) => l.label)).toEqual([
    expect.stringMatching(/^Up-front payment, paid /),
    expect.stringMatching(/^Received from you, /),
  ]);
  const sum = [...figures.lines, ...figures.received].reduce((total, l) => total + l.amountPence, 0);
  expect(sum).toBe(figures.balancePence);
  expect(figures.balancePence).toBeLessThan(0);
  for (const line of [...figures.lines, ...figures.received]) await expect(statement).toContainText(line.label);
  await expect(statement).toContainText(`Due from the client: ${pounds(-figures.balancePence)}`);
  // The buyer sends the balance; the firm pays the seller's solicitors, the tax and its bill.
  await recordMoney(ledger, { kind: 'Funds from the client', pence: -figures.balancePence, party: CLIENT.name });
  await expect(statement).toContainText('Due to the client: £0.00');
  const payees: [RegExp, string, string][] = [
    [/^Purchase price/, "The seller's solicitors", 'Seller & Co Solicitors'],
    [/Land (Transaction )?Tax/, 'Land tax (HMRC or WRA)', 'HM Revenue & Customs'],
    [/^Our fees/, "The firm's bill", "The firm's office account"],
  ];
  for (const [label, kind, party] of payees) {
    const line = figures.lines.find((l) => label.test(l.label));
    if (line) await recordMoney(ledger, { kind, pence: -line.amountPence, party });
  }
  await expect(ledger.getByTestId('client-balance')).toHaveText('Held for the client: £0.00');
  await atBothWidths(staffPage, () => expect(ledger).toBeVisible());
  // Completing before the agreed day replaces it: the firm confirms it (issue 26.13), now the
  // client ledger is at zero (issue 28.1).
  // Before completion: the seller's completion information, the OS1 and K16 searches.
  expect(await recordOpenTasks(firm.context.request, origin, 'BUYING', caseId)).toEqual([
    'completion_information',
    'priority_search',
    'bankruptcy_search',
  ]);
  await office.take('complete', { earlyCompletionConfirmed: true });
  await statusIs(customer.request, origin, caseId, 'COMPLETED');
  // Issue 29: after completion the back office's legal file opens. The SDLT return (a purchase
  // in England) waits for HMRC's SDLT5; recorded with its UTRN, the registration opens.
  await staffPage.goto(`/staff/cases/buying/${caseId}`);
  const sdlt = taskItem('SDLT return filed with HMRC');
  await expect(sdlt).toContainText(`Due ${daysAhead(14).shown}`);
  await expect(sdlt.getByRole('button', { name: 'Record as done' })).toBeDisabled();
  await sdlt
    .getByLabel('Upload the SDLT5 certificate (HMRC)')
    .setInputFiles({ name: 'sdlt5.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(sdlt).toContainText('SDLT5 certificate (HMRC) uploaded');
  await sdlt.getByRole('button', { name: 'Record as done' }).click();
  const record = staffPage.getByRole('dialog', { name: 'Record as done: SDLT return filed with HMRC' });
  await record.getByRole('textbox', { name: 'UTRN' }).fill('123456789MC');
  await record.getByRole('button', { name: 'Record as done' }).click();
  await expect(record).toBeHidden();
  await expect(sdlt).toContainText('UTRN: 123456789MC');
  const ap1 = taskItem('Registration applied for at HM Land Registry (AP1)');
  await expect(ap1.getByRole('button', { name: 'Record as done' })).toBeEnabled();
  await atBothWidths(staffPage, () => expect(file).toBeVisible());
  await expectAccessible(staffPage);
  await firm.context.close();
  await customer.goto(casePath);
  await expect(customer.locator('[data-colour]').first()).toHaveText(new RegExp(`^Completed ${DATE.source}$`));
  await expect(caseTile(customer, 'contract-pack')).toHaveAttribute('data-state', 'IS_COMPLETE');
  // Issue 26: what was done, once completed; feedback was asked once (at the statement).
  const summary = customer.getByRole('region', { name: 'Your case is complete' });
  await expect(summary).toContainText(ADDRESS);
  await expect(summary).toContainText(/Purchase price£/);
  // Completed early, so on the day it completed, not the agreed one.
  await expect(summary).toContainText(`Completed on${daysAhead(0).shown}`);
  await expect(summary.getByRole('link', { name: 'Download Completion statement' })).toBeVisible();
  // Issue 29: what the firm still does, as the firm recorded it.
  await expect(summary).toContainText('SDLT return filed with HMRC: Done');
  await expect(summary).toContainText('File closed: Not yet');
  await atBothWidths(customer, () => expect(summary).toBeVisible());
  await expect(customer.getByRole('dialog', { name: 'How was your experience?' })).toHaveCount(0);
  await context.close();
});
