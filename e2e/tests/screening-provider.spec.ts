// Sanctions and PEP screening through the screening provider (issue 29: "PEP and sanctions
// screening of every client and donor (a provider behind configuration …)"; MLR 2017 regs. 28
// and 35). A second Threshold, started with OPENSANCTIONS_* settings against a local fake of
// OpenSanctions' matching API (support/opensanctions.ts), on the same database kind as the rest
// of the run. Two broker's clients submit their remortgages; a conveyancer of that server screens
// each case from the Legal file's task: one client may be a listed person (the candidate shown,
// the report kept as the task's evidence, the task left to the conveyancer, who rules the
// candidate out and records it), the other matches nobody (the task recorded by the screening).
import type { Server } from 'node:http';
import { expect, test as base, type Page } from '@playwright/test';
import { apiPost, createRemortgage } from '../support/api';
import { clientAcceptsQuote, clientWithAcceptedQuote, expectAccessible } from '../support/app';
import type { Cli } from '../support/cli';
import {
  OPENSANCTIONS_DATASET,
  OPENSANCTIONS_KEY,
  startFakeOpenSanctions,
  type Listed,
  type MatchRequest,
} from '../support/opensanctions';
import { startSecondServer } from '../support/server';
import { signInConveyancer } from '../support/staff';
import { refreshSession, submitRemortgage } from '../support/submitted';

const stamp = Date.now();
const LISTED_CLIENT = { name: 'Mona Listing', email: `mona.listing.${stamp}@e2e.test` };
const LISTED_ADDRESS = '4 Register Row';
const CLEAR_CLIENT = { name: 'Clara Clearwater', email: `clara.clearwater.${stamp}@e2e.test` };
const CLEAR_ADDRESS = '6 Register Row';
const CONVEYANCER = { name: 'Sana Screener', email: `sana.screener.${stamp}@e2e.test` };
/** The date of birth every client gives at first sign-in (support/app.ts, finishFirstSignIn). */
const BORN = '1985-06-15';
/** Who the fake finds for the first client: a listed person, and a namesake who is no match. */
const LISTED: Listed = {
  name: LISTED_CLIENT.name,
  caption: 'Mona LISTINGOVA',
  score: 0.93,
  topics: ['sanction', 'role.pep'],
  datasets: ['gb_hmt_sanctions', 'everypolitician'],
  namesake: 'Monica Listerby',
};
const TASK = 'Sanctions and PEP screening of every owner';
const REPORT = 'Sanctions and PEP screening report';

interface Screening {
  site: string;
  cli: Cli;
  received: MatchRequest[];
}

/** Threshold with OpenSanctions configured, its CLI, and what the fake OpenSanctions was sent. */
const test = base.extend<object, { screening: Screening }>({
  screening: [
    async ({}, use) => {
      const fake: { url: string; server: Server; received: MatchRequest[] } = await startFakeOpenSanctions(LISTED);
      const second = await startSecondServer('screening', () => ({
        OPENSANCTIONS_API_URL: fake.url,
        OPENSANCTIONS_API_KEY: OPENSANCTIONS_KEY,
        OPENSANCTIONS_DATASET,
      }));
      await use({ site: second.site, cli: second.cli, received: fake.received });
      await second.stop();
      fake.server.close();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ screening }, use) => use(screening.site),
});

/** The screening task's item in the Legal file (by its own label). */
function screeningTask(staff: Page) {
  return staff
    .getByRole('region', { name: 'Legal file' })
    .getByRole('listitem')
    .filter({ has: staff.getByText(TASK, { exact: true }) });
}

/** The conveyancer opens the case in the back office; the screening task is to do. */
async function openCase(staff: Page, caseId: number, address: string) {
  await staff.goto(`/staff/cases/remortgaging/${caseId}`);
  await expect(staff.getByRole('heading', { level: 1, name: new RegExp(address) })).toBeVisible();
  await expect(staff.getByTestId('case-status')).toContainText('Identity Verification');
  const task = screeningTask(staff);
  await expect(task.getByText('To do', { exact: true })).toBeVisible();
  await expect(task.getByText(`Upload the ${REPORT} first`)).toBeVisible();
  await expect(task.getByRole('button', { name: 'Record as done' })).toBeDisabled();
  return task;
}

/** The report is on the file as the firm's upload, by the conveyancer: a PDF they can open. */
async function expectReportOnFile(staff: Page, origin: string) {
  const report = staff
    .getByRole('region', { name: 'Uploaded documents' })
    .getByRole('listitem')
    .filter({ has: staff.getByText(REPORT, { exact: true }) });
  await expect(report).toHaveCount(1);
  await expect(report.getByTestId('uploaded-by')).toContainText(`Uploaded by ${CONVEYANCER.name} (Threshold)`);
  const href = await report.getByRole('link', { name: `Download ${REPORT}` }).getAttribute('href');
  await refreshSession(staff.request, origin);
  const pdf = await staff.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 4).toString()).toBe('%PDF');
}

test('every client screened with OpenSanctions from the Legal file: a possible match, and no match', async ({
  page,
  browser,
  screening,
}) => {
  test.setTimeout(300_000);
  // Two remortgages submitted by their clients: in Identity Verification, where the task opens.
  const listed = await clientWithAcceptedQuote(page, browser, LISTED_CLIENT, LISTED_ADDRESS);
  const { origin } = listed;
  await submitRemortgage(listed.customer.request, origin, listed.caseId, LISTED_ADDRESS);
  await listed.context.close();
  await refreshSession(page.request, origin);
  const clearCaseId = await createRemortgage(page.request, origin, CLEAR_CLIENT, CLEAR_ADDRESS);
  await apiPost(page.request, origin, '/api/quote/send', { caseType: 'REMORTGAGING', caseId: clearCaseId });
  const clear = await clientAcceptsQuote(browser, CLEAR_CLIENT, 'remortgaging', clearCaseId);
  await submitRemortgage(clear.customer.request, origin, clearCaseId, CLEAR_ADDRESS);
  await clear.context.close();

  // A conveyancer of this server (made with its own CLI) signs in and opens the first case.
  const { context: staffContext, page: staff } = await signInConveyancer(browser, CONVEYANCER, screening.cli);
  let task = await openCase(staff, listed.caseId, LISTED_ADDRESS);
  expect(screening.received, 'nobody is screened before the conveyancer asks').toEqual([]);

  // A possible match: the candidate shown (not the namesake the provider ruled out itself), the
  // report kept as the task's evidence, the task left open for the conveyancer.
  await task.getByRole('button', { name: 'Screen with OpenSanctions' }).click();
  const matches = task.getByRole('status');
  await expect(matches).toContainText(
    'Possible matches: rule each one out (or escalate it) before recording the task. The report is on the file.',
  );
  await expect(matches.getByText(LISTED_CLIENT.name, { exact: true })).toBeVisible();
  await expect(matches.getByText('Mona LISTINGOVA (score 0.93; sanction, role.pep)', { exact: true })).toBeVisible();
  await expect(matches).not.toContainText(LISTED.namesake);
  await expect(task.getByText(`${REPORT} uploaded`, { exact: true })).toBeVisible();
  await expect(task.getByText('To do', { exact: true })).toBeVisible();
  await expect(task.getByRole('button', { name: 'Screen with OpenSanctions' })).toHaveCount(0);
  await expect(task.getByRole('button', { name: 'Record as done' })).toBeEnabled();
  await expectAccessible(staff);
  // OpenSanctions was asked once, about the client by their legal name and date of birth.
  expect(screening.received).toEqual([
    { queries: { q0: { schema: 'Person', properties: { name: [LISTED_CLIENT.name], birthDate: [BORN] } } } },
  ]);
  await expectReportOnFile(staff, origin);

  // The conveyancer rules the candidate out and records the task, the report already on file.
  await task.getByRole('button', { name: 'Record as done' }).click();
  const record = staff.getByRole('dialog', { name: `Record as done: ${TASK}` });
  await record.getByRole('textbox', { name: 'Note (optional)' }).fill('Candidate ruled out: different nationality and date of birth.');
  await record.getByRole('button', { name: 'Record as done' }).click();
  await expect(record).toBeHidden();
  await expect(task.getByText('Done', { exact: true })).toBeVisible();
  await expect(task).toContainText(`by ${CONVEYANCER.name} · Candidate ruled out: different nationality and date of birth.`);

  // No match: the screening records the task itself, with the report as its evidence.
  task = await openCase(staff, clearCaseId, CLEAR_ADDRESS);
  await task.getByRole('button', { name: 'Screen with OpenSanctions' }).click();
  await expect(
    staff.locator('#notistack-snackbar').filter({ hasText: 'Screened: nobody matched a sanctions or PEP list. The task is recorded.' }),
  ).toBeVisible();
  await expect(task.getByText('Done', { exact: true })).toBeVisible();
  await expect(task).toContainText(`by ${CONVEYANCER.name} · Screened with OpenSanctions: no match for any of the 1 clients.`);
  await expect(task.getByRole('status')).toHaveCount(0);
  await expect(task.getByRole('button', { name: 'Record as done' })).toHaveCount(0);
  expect(screening.received).toHaveLength(2);
  expect(screening.received[1]).toEqual({
    queries: { q0: { schema: 'Person', properties: { name: [CLEAR_CLIENT.name], birthDate: [BORN] } } },
  });
  await expectReportOnFile(staff, origin);
  await staffContext.close();
});
