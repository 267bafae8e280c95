// Issue 47's done-when: the official `standardwebhooks` package verifies every webhook request we send: company
// webhooks one event a request and batched, every event type (the balance alert included), a number's (DID)
// webhook with its incoming messages, a message's status_callback, and the test event; a body changed on the way
// fails. A DID webhook also carries the old x-smsc-signature during its deprecation period, over the same body.
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { COMPANY_WEBHOOK_EVENTS, WEBHOOK_EVENT_SCHEMAS } from '@smsc/shared-contract';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { companyNamed, fundCompany } from '../testing/fixtures';
import { startHookListener, type Hit } from '../testing/hook-listener';
import { messagingOf, type SmscSimulator } from '../messaging';
import { verifyLegacy } from './legacy-signing';
import { signPayload } from './signing';
import { guardsOf } from '../guards';
import { companyWebhooksOf } from '.';

type Headers = Record<string, string>;

describe('every webhook we send verifies with the standardwebhooks package', () => {
  let t: TestApp;
  let listener: Awaited<ReturnType<typeof startHookListener>>;
  let acme: Headers;
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: api(url), headers: acme, payload });

  beforeAll(async () => {
    listener = await startHookListener();
    t = await createTestApp({
      companyWebhooks: { allowPrivate: true, pollMs: 0, retryBaseSeconds: 0, maxAttempts: 2, timeoutMs: 2000 },
      messaging: { gatewaySecret: 'std-hooks', simAutoDeliver: true, simFailureRate: 0 },
    });
    acme = bearer(await login(t.app, 'acme-admin@example.com'));
    await fundCompany(t.app, await companyNamed(t.app, 'Acme'), 1_000_000n, 'adjustment');
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await listener.close();
  });

  const headersOf = (h: Hit) => h.headers as Record<string, string>;

  it('verifies company, batched, DID, status-callback and test deliveries, and refuses a tampered body', async () => {
    const { base, hits } = listener;
    const secrets = new Map<string, string>();
    const single = await call('POST', '/webhook', { url: `${base}/company`, events: [...COMPANY_WEBHOOK_EVENTS] });
    secrets.set('/company', single.json().secret);
    const batched = await call('POST', '/webhook', {
      url: `${base}/batched`,
      events: ['message.status'],
      batched: true,
    });
    secrets.set('/batched', batched.json().secret);
    const did = await call('POST', '/did/webhook', { did: '+12125552301', url: `${base}/did` });
    expect(did.statusCode).toBe(201);
    secrets.set('/did', did.json().secret);
    secrets.set('/callback', (await call('POST', '/webhook/callback-secret', {})).json().secret);

    const sent = await call('POST', '/sms', {
      ani: '+12125552301',
      dnis: '+14155550172',
      text: 'Standard',
      status_callback: `${base}/callback`,
    });
    expect(sent.statusCode).toBe(201);
    await (messagingOf(t.app).gateway as SmscSimulator).drain();
    const mo = await messagingOf(t.app).messaging.inbound.receive({
      from: '+13125550188',
      to: '2125552301',
      text: 'Hi there',
    });
    const test = await call('POST', `/did/webhook/${did.json().webhook.webhook_uuid}/test`);
    expect(test.json()).toMatchObject({ ok: true, status_code: 204 });
    const companyTest = await call('POST', `/webhook/${single.json().webhook.webhook_uuid}/test`);
    expect(companyTest.json()).toMatchObject({ ok: true });
    // the balance alert, as the guards publish it when the company's balance falls under its alert level
    const company_uuid = single.json().webhook.company_uuid as string;
    await t.app.db
      .updateTable('billing_accounts')
      .set({ low_balance_threshold: sql`balance + 1` })
      .where('company_uuid', '=', company_uuid)
      .execute();
    expect(await guardsOf(t.app).notifyLowBalance(company_uuid)).toBe(true);
    // the guards emit it a moment after the crossing is written
    const lowAlerts = () => hits.filter((h) => h.path === '/company' && h.body.includes('"balance.low"'));
    for (let i = 0; i < 50 && !lowAlerts().length; i++) {
      await new Promise((r) => setTimeout(r, 100));
      await companyWebhooksOf(t.app).drain();
    }
    await companyWebhooksOf(t.app).drain();

    const types = (path: string) =>
      hits.filter((h) => h.path === path).map((h) => (JSON.parse(h.body) as { type: string }).type);
    expect(types('/company')).toEqual(
      expect.arrayContaining(['message.status', 'message.received', 'balance.low', 'webhook.test']),
    );
    expect(types('/batched')).toContain('webhook.batch');
    expect(types('/callback')).toContain('message.status');
    expect(types('/did').sort()).toEqual(['message.received', 'webhook.test']);

    const verifiedTypes = new Set<string>();
    for (const h of hits) {
      const secret = secrets.get(h.path) as string;
      const verified = new Webhook(secret).verify(h.body, headersOf(h)) as { type: string };
      expect([h.path, verified.type]).toEqual([h.path, JSON.parse(h.body).type]);
      expect(() => new Webhook(secret).verify(h.body.replace(/}$/, ',"x":1}'), headersOf(h))).toThrow();
      verifiedTypes.add(verified.type);
    }
    // every event type the document's webhooks name was sent here and verified
    expect([...verifiedTypes].sort()).toEqual(Object.keys(WEBHOOK_EVENT_SCHEMAS).sort());

    // the number's incoming message: Standard Webhooks names it in data, and the old header still checks
    const received = hits.find((h) => h.path === '/did' && JSON.parse(h.body).type === 'message.received') as Hit;
    expect(JSON.parse(received.body).data).toMatchObject({
      sms_uuid: mo.sms_uuid,
      to: '+12125552301',
      text: 'Hi there',
    });
    for (const h of hits.filter((x) => x.path === '/did')) {
      const ts = Number(h.headers['x-smsc-timestamp']);
      expect(ts).toBe(Number(h.headers['webhook-timestamp']));
      expect(verifyLegacy(secrets.get('/did') as string, ts, h.body, String(h.headers['x-smsc-signature']))).toBe(true);
    }
    // company webhooks never carried the old header
    expect(hits.filter((h) => h.path !== '/did').some((h) => 'x-smsc-signature' in h.headers)).toBe(false);

    // the DID webhook's log names the message and the test event, each with its answer
    const log = (await call('GET', `/did/webhook/${did.json().webhook.webhook_uuid}/deliveries`)).json().items;
    expect(
      log
        .map((a: { type: string; sms_uuid: string | null; status_code: number }) => [a.type, a.sms_uuid, a.status_code])
        .sort(),
    ).toEqual([
      ['message.received', mo.sms_uuid, 204],
      ['webhook.test', null, 204],
    ]);
  }, 60_000);

  it("verifies a DID webhook's secret from before migration 510 once written in standard base64", () => {
    // the old secrets were whsec_ + base64url: our signer reads either alphabet, the package wants + and /
    const bytes = Buffer.from('0123456789abcdefghijklmn>>??');
    const old = `whsec_${bytes.toString('base64url')}`;
    expect(old).toMatch(/[-_]/);
    const body = '{"type":"message.received","timestamp":"2026-12-06T00:00:00.000Z","data":{}}';
    const ts = Math.floor(Date.now() / 1000);
    const headers = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(ts),
      'webhook-signature': signPayload(old, 'msg_1', ts, body),
    };
    const standard = `whsec_${old.slice(6).replace(/-/g, '+').replace(/_/g, '/')}`;
    expect(new Webhook(standard).verify(body, headers)).toMatchObject({ type: 'message.received' });
  });
});
