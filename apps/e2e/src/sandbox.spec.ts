import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext } from '@playwright/test';
import { test, expect } from './fixtures';
import { menuTo } from './journey-steps';
import { expectTitle, expectToast, signInAs, tableRows } from './accounts-support';
import { PASSWORD } from './support';

// Issue 47 item 5: a sandbox key's journey. The company admin creates a test key by clicks from its home; a program
// sends with it to every magic number (docs/sandbox.md) and sees each outcome in the answer and in the company's
// webhook; the SMS log shows the outcomes tagged Sandbox, with the company's balance where it was.
const API = '/api_smsc/v1';
const ANI = '+12125552301';

/** docs/sandbox.md's table: each magic number, the status its webhook ends with, and a refusal's reason code. */
const MAGIC: { number: string; final: string; reason?: string }[] = [
  { number: '+15005550100', final: 'delivered' },
  { number: '+15005550101', final: 'failed' },
  { number: '+15005550102', final: 'undelivered' },
  { number: '+15005550103', final: 'undelivered' },
  { number: '+15005550104', final: 'delivered' },
  ...[
    'suppressed',
    'filtered',
    'destination_not_allowed',
    'pumping_suspected',
    'spend_limit',
    'below_margin',
    'no_price',
    'no_route',
    'no_money',
    'sender_unregistered',
  ].map((reason, i) => ({ number: `+150055501${10 + i}`, final: 'blocked', reason })),
];
const STOP_NUMBER = '+15005550104';

async function sessionOf(request: APIRequestContext): Promise<Record<string, string>> {
  const auth = await request.post(`${API}/auth`, { data: { email: 'acme-admin@example.com', password: PASSWORD } });
  expect(auth.status()).toBe(200);
  return { authorization: `Bearer ${(await auth.json()).token}` };
}

async function balanceOf(request: APIRequestContext): Promise<string> {
  const res = await request.get(`${API}/balance`, { headers: await sessionOf(request) });
  expect(res.status()).toBe(200);
  return (await res.json()).balance;
}

interface Event {
  type: string;
  data: { to?: string; from?: string; status?: string; block_reason?: string };
}

test.describe('the sandbox', () => {
  // the company's webhook endpoint: a listener in this process (the e2e server allows loopback targets)
  let server: Server;
  let hookUrl = '';
  const events: Event[] = [];
  test.beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const parsed = JSON.parse(body) as Event & { data: { events?: Event[] } };
        events.push(...(parsed.type === 'webhook.batch' ? (parsed.data.events ?? []) : [parsed]));
        res.statusCode = 204;
        res.end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sandbox-${Date.now().toString(36)}`;
  });
  test.afterAll(() => new Promise<void>((r) => server.close(() => r())));

  test('a test key sends to every magic number: each outcome in its answer, webhook and the SMS log, the balance unchanged', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const stamp = Date.now().toString(36);
    const name = `Sandbox try-out ${stamp}`;
    await signInAs(page, 'acme-admin@example.com', '/company-admin');

    await menuTo(page, 'API keys');
    await expectTitle(page, 'API keys');
    await page.getByRole('button', { name: 'Create API key' }).click();
    const ask = page.getByRole('dialog', { name: 'Create API key' });
    await ask.getByLabel('Name').fill(name);
    await ask.getByRole('radio', { name: 'Test (sandbox)' }).check();
    await ask.getByRole('button', { name: 'Create' }).click();
    await expectToast(page, `API key "${name}" created`);
    const key = ((await page.getByTestId('api-key-value').textContent()) ?? '').trim();
    // a test key says so in its first characters
    expect(key).toMatch(/^smsc_test_/);
    await page
      .getByRole('dialog', { name: `API key "${name}"` })
      .getByRole('button', { name: 'Done' })
      .click();
    // the keys' list is a plain table of the page, not a resource list
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Test (sandbox)');

    // the company's webhook, made by its program with the admin's session (what the Webhooks screen makes)
    const admin = await sessionOf(request);
    const hook = await request.post(`${API}/webhook`, {
      headers: admin,
      data: { url: hookUrl, events: ['message.status', 'message.received'] },
    });
    expect(hook.status()).toBe(201);

    const before = await balanceOf(request);
    // a program with the key alone, to every magic number: a refusal answers its reason as a live one would
    for (const m of MAGIC) {
      const sent = await request.post(`${API}/sms`, {
        headers: { 'x-api-key': key },
        data: { ani: ANI, dnis: m.number, text: `Sandbox ${stamp} ${m.number}` },
      });
      const body = await sent.json();
      if (m.reason)
        expect([m.number, sent.status(), body.code]).toEqual([m.number, m.reason === 'no_money' ? 402 : 422, m.reason]);
      else {
        expect([m.number, sent.status()]).toEqual([m.number, 201]);
        expect(body.sms).toMatchObject({ sandbox: true });
      }
    }
    // each number's webhook events end with its outcome (a refusal's with its reason), and the STOP number texts back
    const finals = () =>
      Object.fromEntries(
        MAGIC.map((m) => {
          const told = events.filter((e) => e.type === 'message.status' && e.data.to === m.number);
          const last = told.find((e) => e.data.status === m.final);
          return [m.number, last ? [last.data.status, last.data.block_reason ?? null] : null];
        }),
      );
    await expect
      .poll(finals, { timeout: 90_000 })
      .toEqual(Object.fromEntries(MAGIC.map((m) => [m.number, [m.final, m.reason ?? null]])));
    await expect
      .poll(() => events.some((e) => e.type === 'message.received' && e.data.from === STOP_NUMBER), { timeout: 30_000 })
      .toBe(true);

    // by clicks: the SMS log, searched by each message's text, shows a delivered, a blocked and an undeliverable one,
    // tagged Sandbox (the log pages: the search finds each wherever it falls)
    const outcomes = [
      { text: `Sandbox ${stamp} +15005550100`, status: 'delivered' },
      { text: `Sandbox ${stamp} +15005550110`, status: 'blocked' },
      { text: `Sandbox ${stamp} +15005550102`, status: 'undelivered' },
    ];
    await menuTo(page, 'SMS log', 'Outgoing SMS');
    await expectTitle(page, 'Outgoing SMS');
    const search = page.getByRole('search');
    for (const o of outcomes) {
      const row = tableRows(page).filter({ hasText: o.text });
      await search.getByLabel('Text', { exact: true }).fill(o.text);
      // the simulator's receipt comes after its latency: search again until the final state shows
      await expect(async () => {
        await search.getByRole('button', { name: /Search/ }).click();
        await expect(row.locator('.ant-tag').filter({ hasText: new RegExp(`^${o.status}$`) })).toHaveCount(1, {
          timeout: 2_000,
        });
      }).toPass({ timeout: 45_000 });
      await expect(row).toContainText('Sandbox');
    }

    // never charged: the balance is what it was
    expect(await balanceOf(request)).toBe(before);
    const gone = await request.delete(`${API}/webhook/${(await hook.json()).webhook.webhook_uuid}`, { headers: admin });
    expect(gone.status()).toBe(200);
  });
});
