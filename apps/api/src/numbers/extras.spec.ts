import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { brandAcmeReseller } from '../testing/fixtures';
import { messagingOf } from '../messaging';
import { Webhook } from 'standardwebhooks';
import { companyWebhooksOf } from '../company-webhooks';
import { verifyWebhook } from './webhooks';
import { callFlowFields } from './call-flow';

describe('call flows, the import log and DID webhooks', () => {
  let t: TestApp;
  let admin: Record<string, string>,
    reseller: Record<string, string>,
    acme: Record<string, string>,
    globex: Record<string, string>,
    acmeUser: Record<string, string>;
  let hits: { body: string; headers: IncomingMessage['headers'] }[] = [];
  /** how many requests still get a 500 before the endpoint answers 200 */
  let failures = 0;
  let server: Server;
  let target = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        hits.push({ body, headers: req.headers });
        res.statusCode = failures-- > 0 ? 500 : 200;
        res.end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    target = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    t = await createTestApp({
      webhooks: { allowPrivate: true, timeoutMs: 2000 },
      companyWebhooks: { pollMs: 0, retryBaseSeconds: 0, maxAttempts: 3 },
    });
    [admin, reseller, acme, globex, acmeUser] = (
      await Promise.all(
        ['admin', 'reseller', 'acme-admin', 'globex-admin', 'acme-user'].map((who) =>
          login(t.app, `${who}@example.com`),
        ),
      )
    ).map(bearer);
  }, 120_000);
  afterAll(async () => {
    await t.close();
    server.close();
  });
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => t.app.inject({ method, url: api(url), headers, payload });

  describe('POST /call_workflow', () => {
    it('keeps only what the action uses and refuses what it lacks', () => {
      expect(
        callFlowFields({ did: 'x', action: 'forward', forward_to: '(212) 555-0199', email: 'a@b.co' }, '+12125552301'),
      ).toEqual({ action: 'forward', forward_to: '+12125550199', email: null, message: null, ring_seconds: 25 });
      expect(() => callFlowFields({ did: 'x', action: 'forward' }, '+12125552301')).toThrow(
        'A forward needs the number to forward to',
      );
      expect(() => callFlowFields({ did: 'x', action: 'forward', forward_to: '2125552301' }, '+12125552301')).toThrow(
        'cannot forward to itself',
      );
      expect(() => callFlowFields({ did: 'x', action: 'voicemail' }, '+1')).toThrow(/e-mail/);
      expect(() => callFlowFields({ did: 'x', action: 'hangup', message: '  ' }, '+1')).toThrow(
        /message the caller hears/,
      );
    });

    it("stores and replaces a number's flow for its company, and hides other companies' numbers", async () => {
      const first = await call('POST', '/call_workflow', acme, {
        did: '(212) 555-2302',
        action: 'voicemail',
        email: 'Desk@Acme.example',
      });
      expect(first.statusCode).toBe(200);
      expect(first.json().call_workflow).toMatchObject({
        did: '+12125552302',
        action: 'voicemail',
        email: 'desk@acme.example',
        forward_to: null,
      });
      const second = await call('POST', '/call_workflow', acme, {
        did: '+12125552302',
        action: 'hangup',
        message: 'Closed today',
      });
      expect(second.json().call_workflow).toMatchObject({ action: 'hangup', email: null, message: 'Closed today' });
      expect((await call('GET', '/call_workflow/+12125552302', acme)).json().call_workflow.action).toBe('hangup');
      expect(
        (await call('POST', '/call_workflow', globex, { did: '+12125552302', action: 'hangup', message: 'x' }))
          .statusCode,
      ).toBe(404);
      expect((await call('GET', '/call_workflow/+12125552302', globex)).statusCode).toBe(404);
      expect(
        (await call('POST', '/call_workflow', acmeUser, { did: '+12125552301', action: 'hangup', message: 'x' }))
          .statusCode,
      ).toBe(403);
      expect((await call('GET', '/call_workflow/+13125552402', globex)).statusCode).toBe(404);
      const bad = await call('POST', '/call_workflow', admin, {
        did: '+12125552302',
        action: 'forward',
        forward_to: '555',
      });
      expect(bad.statusCode).toBe(400);
      expect((await call('POST', '/call_workflow', admin, { did: '+12125552302', action: 'ring' })).statusCode).toBe(
        400,
      );
    });
  });

  describe('POST /did/kannel/import and the import log', () => {
    it('binds imported numbers to an SMSC link, and logs good and refused runs of both kinds', async () => {
      const link = await call('POST', '/smsc_connection', admin, {
        smsc_id: 'kannel-east',
        api_adapter_id: 'kannel',
        host: '127.0.0.1',
        port: 13001,
      });
      expect(link.statusCode).toBe(201);
      const ok = await call('POST', '/did/kannel/import', admin, {
        csv: 'did\n+13035552711\n+13035552712\n',
        smsc_id: 'KANNEL-EAST',
        file_name: 'east.csv',
      });
      expect(ok.statusCode).toBe(201);
      expect(ok.json().imported).toBe(2);
      const unknown = await call('POST', '/did/kannel/import', admin, {
        csv: 'did\n+13035552713\n',
        smsc_id: 'nowhere',
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().detail).toBe('No SMSC connection named "nowhere"');
      const clash = await call('POST', '/did/kannel/import', admin, {
        csv: 'did\n+13035552714\n+13035552711\n',
        smsc_id: 'kannel-east',
      });
      expect(clash.statusCode).toBe(409);
      expect(
        (await call('POST', '/did/import', reseller, { csv: 'did\nnope\n', file_name: 'bad.csv' })).statusCode,
      ).toBe(400);
      // a reseller may not use the platform's links
      expect(
        (await call('POST', '/did/kannel/import', reseller, { csv: 'did\n+13035552715\n', smsc_id: 'kannel-east' }))
          .statusCode,
      ).toBe(400);
      expect((await call('GET', '/did/free/list?did=3035552714', admin)).json().total).toBe(0);

      const log = (await call('GET', '/did/kannel/import/log?per_page=50', admin)).json();
      expect(
        log.items.map((e: { source: string; ok: boolean; imported: number }) => [e.source, e.ok, e.imported]),
      ).toEqual([
        ['kannel', false, 0],
        ['csv', false, 0],
        ['kannel', false, 0],
        ['kannel', false, 0],
        ['kannel', true, 2],
      ]);
      expect(log.items[4]).toMatchObject({
        smsc_id: 'kannel-east',
        file_name: 'east.csv',
        lines: 2,
        message: 'Imported 2 number(s) carried by kannel-east',
        user_name: expect.any(String),
      });
      expect(log.items[3].message).toBe('No SMSC connection named "nowhere"');
      expect(log.items[2].message).toMatch(/^Line 3: \+13035552711 is already in the inventory/);
      // the reseller sees its own runs only; companies none
      const mine = (await call('GET', '/did/kannel/import/log', reseller)).json();
      expect(mine.items.map((e: { source: string }) => e.source)).toEqual(['kannel', 'csv']);
      expect((await call('GET', '/did/kannel/import/log', acme)).statusCode).toBe(403);
      expect((await call('GET', '/did/kannel/import/log?ok=true&source=kannel', admin)).json().total).toBe(1);
      expect((await call('GET', '/did/kannel/import/log?ok=false', admin)).json().total).toBe(4);
    });
  });

  describe('POST /did/disconnect', () => {
    it("takes a number given from stock out of the company's ANI groups", async () => {
      const acmeCompany = await t.app.db
        .selectFrom('companies')
        .select('company_uuid')
        .where('company_name', '=', 'Acme')
        .executeTakeFirstOrThrow();
      expect(
        (await call('PATCH', '/did/+12065552602', admin, { company_uuid: acmeCompany.company_uuid })).statusCode,
      ).toBe(200);
      const group = await call('POST', '/ani_group', acme, {
        name: 'Stock senders',
        numbers: ['+12065552602', '+12125552302'],
      });
      expect(group.statusCode).toBe(201);
      const id = group.json().ani_group.ani_group_uuid;
      expect((await call('POST', '/did/disconnect', acme, { numbers: ['(206) 555-2602'] })).json()).toEqual({
        count: 1,
      });
      const left = (await call('GET', `/ani_group/${id}/list`, acme)).json();
      expect(left.items.map((n: { did: string }) => n.did)).toEqual(['+12125552302']);
      expect((await call('GET', '/did/free/list?did=2065552602', admin)).json().total).toBe(1);
    });
  });

  describe('/did/webhook', () => {
    it('is kept per number within the tenant, and shows its secret once', async () => {
      const made = await call('POST', '/did/webhook', acme, { did: '+12125552301', url: target });
      expect(made.statusCode).toBe(201);
      const { webhook, secret } = made.json();
      expect(secret).toMatch(/^whsec_/);
      expect(webhook).toMatchObject({ did: '+12125552301', url: target, is_active: true, last_status: null });
      expect(webhook.secret_hint).toBe(`${secret.slice(0, 8)}…${secret.slice(-4)}`);
      const read = (await call('GET', `/did/webhook/${webhook.webhook_uuid}`, acme)).json();
      expect(JSON.stringify(read)).not.toContain(secret);
      expect((await call('GET', `/did/webhook/${webhook.webhook_uuid}`, globex)).statusCode).toBe(404);
      expect(
        (await call('PATCH', `/did/webhook/${webhook.webhook_uuid}`, globex, { is_active: false })).statusCode,
      ).toBe(404);
      expect((await call('DELETE', `/did/webhook/${webhook.webhook_uuid}`, globex)).statusCode).toBe(404);
      expect((await call('POST', '/did/webhook', globex, { did: '+12125552301', url: target })).statusCode).toBe(404);
      expect(
        (await call('POST', '/did/webhook', acme, { did: '+12125552301', url: 'ftp://x.example' })).statusCode,
      ).toBe(400);
      expect((await call('GET', '/did/webhook/list', globex)).json().total).toBe(0);
      // a number's webhook is managed here only: the company's Webhooks list and routes do not show it
      const companyList = (await call('GET', '/webhook/list', acme)).json().items as { webhook_uuid: string }[];
      expect(companyList.map((w) => w.webhook_uuid)).not.toContain(webhook.webhook_uuid);
      expect((await call('GET', `/webhook/${webhook.webhook_uuid}`, acme)).statusCode).toBe(404);
      expect((await call('GET', '/did/webhook/list?did=2125552301', acme)).json().total).toBe(1);
      expect((await call('GET', '/did/webhook/list', reseller)).json().total).toBe(1);
    });

    it('audits its creation, changes and removal as a company webhook, never with its secret', async () => {
      const made = await call('POST', '/did/webhook', acme, { did: '+12125552301', url: `${target}?audited` });
      const { webhook, secret } = made.json();
      const rotated = await call('PATCH', `/did/webhook/${webhook.webhook_uuid}`, acme, {
        rotate_secret: true,
        is_active: false,
      });
      expect(rotated.statusCode).toBe(200);
      expect((await call('DELETE', `/did/webhook/${webhook.webhook_uuid}`, acme)).statusCode).toBe(200);
      const entries = (await call('GET', `/audit/list?entity=webhook&entity_id=${webhook.webhook_uuid}`, admin)).json()
        .items as { action: string }[];
      expect(entries.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
      expect(JSON.stringify(entries)).toContain('+12125552301');
      expect(JSON.stringify(entries)).not.toContain(secret);
      expect(JSON.stringify(entries)).not.toContain(rotated.json().secret);
    });

    it('POSTs every incoming message on the number, signed both ways, retrying a failing endpoint and logging each attempt', async () => {
      const list = (await call('GET', '/did/webhook/list?did=2125552301', acme)).json().items[0];
      const rotated = (await call('PATCH', `/did/webhook/${list.webhook_uuid}`, acme, { rotate_secret: true })).json();
      const secret: string = rotated.secret;
      // Acme's reseller has a brand: the number's webhooks name it, never the operator (issue #48)
      await brandAcmeReseller(t.app, 'Nimbus Texts');
      hits = [];
      failures = 1;
      const { messaging } = messagingOf(t.app);
      const mo = await messaging.inbound.receive({ from: '+13125550777', to: '2125552301', text: 'Is the shop open?' });
      const hooks = companyWebhooksOf(t.app);
      // the failed first attempt is due again at once (retryBaseSeconds 0): one drain makes both attempts
      await hooks.drain();
      expect(hits.length).toBe(2);
      const body = JSON.parse(hits[1].body);
      // the Standard Webhooks body, and the old body's fields beside it during their deprecation period
      expect(body).toMatchObject({
        type: 'message.received',
        data: { sms_uuid: mo.sms_uuid, from: '+13125550777', to: '+12125552301', text: 'Is the shop open?' },
        event: 'sms.received',
        sms_uuid: mo.sms_uuid,
        from: '+13125550777',
        to: '+12125552301',
        text: 'Is the shop open?',
      });
      expect(hits[0].headers['webhook-id']).toBe(hits[1].headers['webhook-id']);
      expect(new Webhook(secret).verify(hits[1].body, hits[1].headers as Record<string, string>)).toMatchObject({
        type: 'message.received',
      });
      // the first attempt and the queued retry alike
      expect(hits.map((h) => h.headers['user-agent'])).toEqual(['nimbus-texts-webhooks/1', 'nimbus-texts-webhooks/1']);
      const ts = Number(hits[1].headers['x-smsc-timestamp']);
      expect(verifyWebhook(secret, ts, hits[1].body, String(hits[1].headers['x-smsc-signature']))).toBe(true);
      expect(
        verifyWebhook(secret, ts, hits[1].body.replace('open', 'shut'), String(hits[1].headers['x-smsc-signature'])),
      ).toBe(false);
      const deliveries = (await call('GET', `/did/webhook/${list.webhook_uuid}/deliveries`, acme)).json().items;
      expect(
        deliveries.map((d: { attempt: number; ok: boolean; status_code: number }) => [d.attempt, d.ok, d.status_code]),
      ).toEqual([
        [2, true, 200],
        [1, false, 500],
      ]);
      expect((await call('GET', `/did/webhook/${list.webhook_uuid}`, acme)).json().webhook.last_status).toBe(
        'delivered',
      );
      // another number's message, and an inactive hook, deliver nothing
      hits = [];
      await call('PATCH', `/did/webhook/${list.webhook_uuid}`, acme, { is_active: false });
      await messaging.inbound.receive({ from: '+13125550777', to: '2125552301', text: 'again' });
      await messaging.inbound.receive({ from: '+13125550777', to: '3125552401', text: 'to Globex' });
      await hooks.drain();
      expect(hits).toEqual([]);
    });
  });
});
