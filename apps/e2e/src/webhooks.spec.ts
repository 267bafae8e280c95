import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test, expect } from './fixtures';
import { expectTitle, expectToast, signInAs, tableRows } from './accounts-support';
import { budget, menuTo } from './journey-steps';
import { sendFromCenter } from './journey-steps-company';

// A company admin's webhook journey, as its developer would walk it: add an endpoint from the Webhooks menu with
// batched delivery, keep the secret shown once, send a message, and see its status changes arrive signed (checked
// here the way docs/webhooks.md tells a receiver to) and listed in the webhook's delivery log; then a test event,
// and the webhook deleted. The endpoint is a listener in this process (the e2e server allows loopback targets).

interface Hit {
  body: string;
  headers: IncomingHttpHeaders;
}
interface Event {
  id: string;
  type: string;
  data: { to?: string; status?: string };
}

/** The receiver's check from docs/webhooks.md: HMAC-SHA256 over "<id>.<timestamp>.<body>" with the secret's key. */
function signedBy(secret: string, h: Hit): boolean {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const want = `v1,${createHmac('sha256', key).update(`${h.headers['webhook-id']}.${h.headers['webhook-timestamp']}.${h.body}`).digest('base64')}`;
  return String(h.headers['webhook-signature']).split(' ').includes(want);
}

test.describe('company webhooks', () => {
  let server: Server;
  let url = '';
  const hits: Hit[] = [];
  test.beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        hits.push({ body, headers: req.headers });
        res.statusCode = 204;
        res.end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms-events-${Date.now().toString(36)}`;
  });
  test.afterAll(() => new Promise<void>((r) => server.close(() => r())));

  test('a company admin adds a batched webhook, sends a message and follows its status changes to the endpoint and the delivery log', async ({
    page,
  }) => {
    budget(120_000);
    await signInAs(page, 'acme-admin@example.com', '/company-admin');
    await menuTo(page, 'Webhooks');
    await expectTitle(page, 'Webhooks');
    await page.getByRole('button', { name: /New webhook/ }).click();
    await expectTitle(page, 'Add webhook');
    await page.getByLabel('URL', { exact: true }).fill(url);
    await page.getByRole('switch', { name: 'Batched delivery' }).click();
    await page.getByRole('button', { name: 'Create webhook' }).click();
    await expectToast(page, 'Webhook created');
    const notice = page.getByTestId('webhook-secret');
    const secret = /whsec_[A-Za-z0-9+/=]+/.exec((await notice.textContent()) ?? '')?.[0] ?? '';
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'I have kept it' }).click();
    const row = tableRows(page).filter({ hasText: url });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Batched (up to 100)');
    await expect(row).toContainText('None yet');

    // a message to a number of its own, so this journey's events are told from other tests' on the shared server
    const to = `+1415555${String(Date.now() % 10_000).padStart(4, '0')}`;
    await menuTo(page, 'SMS center');
    await sendFromCenter(page, 'Webhook journey', to);
    const mine = async () =>
      hits
        .filter((h) => signedBy(secret, h))
        .flatMap((h) => (JSON.parse(h.body) as { type: string; data: { events: Event[] } }).data.events)
        .filter((e) => e.data.to === to);
    await expect
      .poll(async () => (await mine()).map((e) => e.data.status), { timeout: 20_000 })
      .toEqual(['queued', 'sent', 'delivered']);
    expect(hits.every((h) => JSON.parse(h.body).type === 'webhook.batch')).toBe(true);

    // the delivery log of the webhook: reached from its row, the three events delivered
    await menuTo(page, 'Webhooks');
    await row.getByRole('link', { name: /^Edit/ }).click();
    await expectTitle(page, 'Edit webhook');
    const log = page.locator('.ant-table-row').filter({ hasText: 'message.status' });
    await expect(log.filter({ hasText: 'Delivered' })).toHaveCount(3, { timeout: 20_000 });
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expectToast(page, 'Test event delivered (204)');
    await expect
      .poll(() => hits.some((h) => h.body.includes('"type":"webhook.test"') && signedBy(secret, h)))
      .toBe(true);

    // and gone again: deleted from the list after the confirmation
    await menuTo(page, 'Webhooks');
    await row.getByRole('button', { name: /Delete/ }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Delete/ })
      .click();
    await expectToast(page, /deleted/i);
    await expect(row).toHaveCount(0);
  });
});
