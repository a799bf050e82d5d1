// Issue 32, part 1: one conversation per case. The customer asks on her case page; the work
// queue shows a message waiting for the firm's reply, then (a working day on) overdue and
// first; the conveyancer reads it in the back
// office, leaves an internal note and answers; the customer reads the answer and the firm sees
// she has; the broker sees the customer's question and the firm's answer, never the note, and
// writes to the firm in their own thread. The question carries a file the firm can open. At a
// phone's width and a desktop's.
import { expect, test } from '@playwright/test';
import { atBothWidths, clientWithAcceptedQuote } from '../support/app';
import { PDF } from '../support/files';
import { replyFellDue } from '../support/clock';
import { signInConveyancer } from '../support/staff';

// Names the demo data and the other specs do not use.
const CLIENT = { name: 'Marisol Messenger', email: 'marisol.messenger@e2e.test' };
const ADDRESS = '8 Messenger Mews';
const CONVEYANCER = { name: 'Reggie Replier', email: 'reggie.replier@threshold.test' };
const QUESTION = 'When will the lender send the offer?';
const NOTE = 'Chase the lender on Thursday.';
const ANSWER = 'The lender expects to send it this week.';
const BROKER_NOTE = 'Client is worried about the rate expiring.';

test('the customer asks, the firm answers and the broker sees both', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const { customer, caseId } = await clientWithAcceptedQuote(page, browser, CLIENT, ADDRESS);
  const casePath = `/remortgaging/${caseId}`;

  const mine = customer.getByRole('region', { name: 'Messages' });
  await expect(mine.getByText('No messages yet.')).toBeVisible();
  await expect(mine.getByText(/Threshold replies within one working day\./)).toBeVisible();
  await mine.getByRole('textbox', { name: 'Your message' }).fill(QUESTION);
  // The lender's letter goes with it: uploaded from the message box.
  await mine
    .getByLabel('Attach a file')
    .setInputFiles({ name: 'lender-letter.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(mine.getByRole('button', { name: 'Remove lender-letter.pdf' })).toBeVisible();
  await mine.getByRole('button', { name: 'Send' }).click();
  await expect(mine.getByRole('listitem').filter({ hasText: QUESTION })).toContainText('You');
  await expect(mine.getByText(/Threshold's reply is due by/)).toBeVisible();
  // One message (its file is a list item of its own, inside it).
  await atBothWidths(customer, async () => {
    await expect(mine.getByRole('listitem').filter({ hasText: QUESTION })).toHaveCount(1);
    await expect(mine.getByRole('link', { name: 'lender-letter.pdf' })).toBeVisible();
  });

  // The work queue: the case waits for the firm's reply.
  const { page: staff } = await signInConveyancer(browser, CONVEYANCER);
  await staff.goto('/staff?reply=waiting&sortBy=REPLY_DUE_AT');
  const row = staff.getByRole('row').filter({ hasText: ADDRESS });
  await expect(row).toContainText('Message waiting');
  // A working day on, unanswered: overdue, and first in the queue's overdue list.
  replyFellDue(caseId);
  await staff.goto('/staff?reply=overdue&sortBy=REPLY_DUE_AT');
  await expect(staff.getByRole('row').nth(1)).toContainText(ADDRESS);
  await expect(staff.getByRole('row').filter({ hasText: ADDRESS })).toContainText('Reply overdue');

  // The back office: the question, an internal note, then the answer.
  await staff.goto(`/staff/cases/remortgaging/${caseId}`);
  const panel = staff.getByRole('region', { name: 'Messages' });
  const question = panel.getByRole('listitem').filter({ hasText: QUESTION });
  await expect(question).toContainText(`${CLIENT.name} (Customer)`);
  await expect(question.getByRole('link', { name: 'lender-letter.pdf' })).toHaveAttribute(
    'href',
    /\/api\/document\/\d+$/,
  );
  await panel.getByRole('tab', { name: 'Internal notes' }).click();
  await panel.getByRole('textbox', { name: 'Your message' }).fill(NOTE);
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(panel.getByRole('listitem').filter({ hasText: NOTE })).toBeVisible();
  await panel.getByRole('tab', { name: 'Everyone on the case' }).click();
  await expect(panel.getByText(/Threshold's reply was due by/)).toBeVisible();
  await panel.getByRole('textbox', { name: 'Your message' }).fill(ANSWER);
  // The answer is on the server before anyone reloads to read it (the list then refetches:
  // on a busy two-core machine that can take a while).
  const answered = staff.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/conversation\/[^/]+$/.test(r.url()),
  );
  await panel.getByRole('button', { name: 'Send' }).click();
  expect((await answered).ok()).toBe(true);
  await expect(panel.getByRole('listitem').filter({ hasText: ANSWER })).toBeVisible({
    timeout: 20_000,
  });
  await expect(panel.getByText(/Threshold's reply (is|was) due by/)).toHaveCount(0);

  // The customer reads the answer; the firm sees she has.
  await customer.reload();
  await expect(mine.getByRole('listitem').filter({ hasText: ANSWER })).toContainText(
    `${CONVEYANCER.name} (Threshold)`,
  );
  await expect(mine.getByText(NOTE)).toHaveCount(0);
  await staff.reload();
  await expect(panel.getByText(`Read by ${CLIENT.name}`)).toBeVisible();

  // The broker sees the question and the answer, not the firm's note, and writes to the firm.
  await page.goto(casePath);
  const brokers = page.getByRole('region', { name: 'Messages' });
  await expect(brokers.getByText(QUESTION)).toBeVisible();
  await expect(brokers.getByText(ANSWER)).toBeVisible();
  await expect(brokers.getByText(NOTE)).toHaveCount(0);
  await brokers.getByRole('tab', { name: 'Broker and Threshold' }).click();
  await brokers.getByRole('textbox', { name: 'Your message' }).fill(BROKER_NOTE);
  await brokers.getByRole('button', { name: 'Send' }).click();
  await expect(brokers.getByRole('listitem').filter({ hasText: BROKER_NOTE })).toContainText('You');
  await atBothWidths(page, async () => {
    await expect(brokers.getByRole('listitem')).toHaveCount(1);
  });
  await customer.reload();
  await expect(mine.getByText(BROKER_NOTE)).toHaveCount(0);
});
