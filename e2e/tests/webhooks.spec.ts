// Issue 32 (item 2) end to end: a broker firm's admin registers a webhook endpoint at
// /settings/webhooks (the secret shown once), a case created by the firm reaches a local receiver
// signed as docs/api/webhooks.md says, the documented check accepts it and refuses a tampered
// body, and the page's delivery log shows it. The endpoint is deleted at the end: the demo
// database is shared by the other specs.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { createRemortgage } from '../support/api';
import { atBothWidths, signIn } from '../support/app';

const RUN = Date.now().toString(36);
const CLIENT = { name: `Wren Webhook ${RUN}`, email: `wren.webhook.${RUN}@e2e.test` };

interface Received {
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** The Node check of docs/api/webhooks.md ("Verifying a signature"), as a receiver writes it. */
function verify(secret: string, header: string, rawBody: Buffer, tolerance = 300): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2)));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > tolerance) return false;
  const expected = createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

test('a broker admin’s webhook endpoint receives a signed case.created the documented check verifies', async ({ page }) => {
  test.setTimeout(180_000);
  const received: Received[] = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/${RUN}`;

  try {
    await signIn(page, 'admin@demo.threshold.test');
    await expect(page.getByRole('heading', { name: 'Remortgaging Cases' })).toBeVisible({ timeout: 90_000 });
    await page.getByRole('link', { name: 'Webhooks' }).first().click();
    await expect(page).toHaveURL(/\/settings\/webhooks$/);
    await atBothWidths(page, async () => {
      await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
      await expect(page.getByLabel('Endpoint URL')).toBeVisible();
    });

    const form = page.getByRole('form', { name: 'Add an endpoint' });
    await form.getByLabel('Endpoint URL').fill(url);
    await form.getByRole('checkbox', { name: 'Case created' }).check();
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    const shown = page.getByRole('dialog', { name: 'Your signing secret' });
    await expect(shown).toBeVisible();
    const secret = await shown.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await shown.getByRole('button', { name: 'I have copied it' }).click();
    await expect(shown).toBeHidden();

    const origin = new URL(page.url()).origin;
    const caseId = await createRemortgage(page.request, origin, CLIENT, `32 Webhook Way ${RUN}`);
    const mine = () =>
      received.find((r) => r.headers['threshold-event-type'] === 'case.created' && JSON.parse(r.body.toString()).data?.caseId === caseId);
    await expect.poll(() => mine() !== undefined, { timeout: 60_000 }).toBe(true);
    const delivery = mine()!;
    const signature = String(delivery.headers['threshold-signature']);
    expect(verify(secret, signature, delivery.body)).toBe(true);
    // Any change to the body, or the wrong secret, fails the same check.
    const tampered = Buffer.from(delivery.body.toString().replace('REMORTGAGING', 'BUYING'));
    expect(tampered.equals(delivery.body)).toBe(false);
    expect(verify(secret, signature, tampered)).toBe(false);
    expect(verify(`${secret}x`, signature, delivery.body)).toBe(false);

    // The admin sees the delivery in the endpoint's log.
    await page.reload();
    await page.getByRole('button', { name: 'Show deliveries' }).first().click();
    // A table on wide screens, a list on narrow ones: both carry the same name.
    const log = page.getByLabel(`Recent deliveries: ${url}`);
    await expect(log.getByText('Case created').first()).toBeVisible({ timeout: 20_000 });
  } finally {
    const del = page.getByRole('button', { name: `Delete ${url}` });
    if (await del.count()) {
      await del.click();
      await page.getByRole('dialog', { name: 'Delete this endpoint?' }).getByRole('button', { name: 'Delete endpoint' }).click();
      await expect(del).toHaveCount(0);
    }
    receiver.close();
  }
});
