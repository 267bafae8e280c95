import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { api, bearer, createTestApp, login, type TestApp } from '../../testing/test-app';
import { messagingOf } from '../../messaging';
import type { Resolve } from '../../lib/outbound/pinned-agent';
import { companyWebhooksOf } from '../../company-webhooks';
import { fieldsOf } from '../../testing/problem-answers';

/** Every way the probe (and the usual SSRF lists) write a loopback, private or metadata address in a URL. */
const REFUSED_URLS = [
  'http://127.0.0.1:9/hook',
  'http://2130706433/hook',
  'http://0177.0.0.1/hook',
  'http://0x7f.1/hook',
  'http://127.1/hook',
  'http://0x7f000001/hook',
  'http://[::1]/hook',
  'http://[::ffff:127.0.0.1]/hook',
  'http://[::ffff:7f00:1]/hook',
  'http://[0:0:0:0:0:ffff:7f00:1]/hook',
  'http://[::127.0.0.1]/hook',
  'http://[64:ff9b::7f00:1]/hook',
  'http://[64:ff9b:1::a00:1]/hook',
  'http://[2002:7f00:1::1]/hook',
  'http://[fec0::1]/hook',
  'http://[fd00::1]/hook',
  'http://[fe80::1]/hook',
  'http://10.0.0.5/hook',
  'http://192.168.1.1/hook',
  'http://172.16.0.1/hook',
  'http://100.64.0.1/hook',
  'http://169.254.169.254/latest/meta-data/',
  'http://[::ffff:a9fe:a9fe]/latest/meta-data/',
  'http://[fd00:ec2::254]/latest/meta-data/',
  'http://metadata.google.internal/computeMetadata/v1/',
  'http://0.0.0.0/hook',
  'http://255.255.255.255/hook',
  'http://224.0.0.1/hook',
  'http://localhost:3000/hook',
];

describe('DID webhook targets: public unicast only, at save and at delivery', () => {
  let t: TestApp;
  let acme: Record<string, string>;
  let server: Server;
  let port = 0;
  let hits = 0;
  let connections = 0;
  /**
   * The name server the save-time check and the dispatcher ask: a rebinding name answers a public address when
   * the webhook is saved and loopback when it is delivered to; every other name is public.
   */
  const lookups: string[] = [];
  const resolve: Resolve = async (host) => {
    lookups.push(host);
    const rebound = host === 'rebind.example.test' && lookups.filter((h) => h === host).length > 1;
    return [{ address: rebound ? '127.0.0.1' : '93.184.216.34', family: 4 }];
  };
  beforeAll(async () => {
    server = createServer((_req, res) => {
      hits++;
      res.end();
    });
    server.on('connection', () => connections++);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
    t = await createTestApp({
      webhooks: { resolve, allowPrivate: false },
      companyWebhooks: { pollMs: 0, maxAttempts: 1 },
    });
    acme = bearer(await login(t.app, 'acme-admin@example.com'));
  }, 120_000);
  afterAll(async () => {
    await t.close();
    server.close();
  });

  const call = (method: 'POST' | 'PATCH' | 'GET', url: string, payload?: object) =>
    t.app.inject({ method, url: api(url), headers: acme, payload });

  it('refuses every textual form of a non-public address when a webhook is saved or changed', async () => {
    const made = await call('POST', '/did/webhook', { did: '+12125552301', url: 'https://hooks.example.com/in' });
    expect(made.statusCode).toBe(201);
    const id = made.json().webhook.webhook_uuid;
    for (const url of REFUSED_URLS) {
      const create = await call('POST', '/did/webhook', { did: '+12125552301', url });
      expect([url, create.statusCode, Object.keys(fieldsOf(create) ?? {})]).toEqual([url, 400, ['url']]);
      const patch = await call('PATCH', `/did/webhook/${id}`, { url });
      expect([url, patch.statusCode]).toEqual([url, 400]);
    }
    const mapped = await call('POST', '/did/webhook', { did: '+12125552301', url: 'http://[::ffff:127.0.0.1]:8080/' });
    expect(fieldsOf(mapped).url).toBe(
      'The URL must reach a public address: ::ffff:7f00:1 is IPv4-mapped for 127.0.0.1, a loopback address',
    );
    expect((await call('GET', `/did/webhook/${id}`)).json().webhook.url).toBe('https://hooks.example.com/in');
  });

  it('refuses at delivery a name that resolves to loopback, and never connects to it', async () => {
    const made = await call('POST', '/did/webhook', {
      did: '+12125552302',
      url: `http://rebind.example.test:${port}/hook`,
    });
    expect(made.statusCode).toBe(201);
    const id = made.json().webhook.webhook_uuid;
    await messagingOf(t.app).messaging.inbound.receive({ from: '+13125550777', to: '2125552302', text: 'hello' });
    await companyWebhooksOf(t.app).drain();
    const deliveries = (await call('GET', `/did/webhook/${id}/deliveries`)).json().items;
    expect(deliveries).toEqual([
      expect.objectContaining({
        ok: false,
        status_code: null,
        error: 'rebind.example.test resolves to 127.0.0.1 is a loopback address; webhooks go to public endpoints only',
      }),
    ]);
    expect(lookups).toContain('rebind.example.test');
    expect([hits, connections]).toEqual([0, 0]);
  });

  it('refuses at delivery a stored literal address saved before the check existed', async () => {
    const made = await call('POST', '/did/webhook', { did: '+12125552302', url: 'https://hooks.example.com/x' });
    const id = made.json().webhook.webhook_uuid;
    await t.app.db
      .updateTable('company_webhooks')
      .set({ url: `http://[::ffff:7f00:1]:${port}/hook` })
      .where('webhook_uuid', '=', id)
      .execute();
    await t.app.db
      .updateTable('company_webhooks')
      .set({ is_active: false })
      .where('webhook_uuid', '!=', id)
      .where('did_uuid', 'is not', null)
      .execute();
    await messagingOf(t.app).messaging.inbound.receive({ from: '+13125550777', to: '2125552302', text: 'again' });
    await companyWebhooksOf(t.app).drain();
    const [last] = (await call('GET', `/did/webhook/${id}/deliveries`)).json().items;
    expect(last.error).toMatch(/^The URL must reach a public address: ::ffff:7f00:1 is IPv4-mapped for 127\.0\.0\.1/);
    expect([hits, connections]).toEqual([0, 0]);
  });
});
