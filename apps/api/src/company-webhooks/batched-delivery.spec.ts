// Batched delivery (docs/webhooks.md): a webhook saved with `batched` gets its events in signed envelopes, each
// event with the id a single delivery would have carried; a failed request retries each of its events on its
// own schedule, and the delivery log shows every event, paged by a cursor.
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { companyNamed, fundCompany } from '../testing/fixtures';
import { signedWith as verified, startHookListener, type Hit } from '../testing/hook-listener';
import { messagingOf, type SmscSimulator } from '../messaging';
import { companyWebhooksOf } from '.';

interface Inner {
  id: string;
  type: string;
  timestamp: string;
  data: { sms_uuid?: string; status?: string };
}

describe('company webhooks: batched delivery', () => {
  let t: TestApp;
  let listener: Awaited<ReturnType<typeof startHookListener>>;
  let base = '';
  let hits: Hit[] = [];
  let acme: Record<string, string>;
  const sim = () => messagingOf(t.app).gateway as SmscSimulator;
  const hooks = () => companyWebhooksOf(t.app);
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url: api(url), headers: acme, payload });
  const envelopes = (path: string) =>
    hits.filter((h) => h.path === path).map((h) => ({ hit: h, ...JSON.parse(h.body) }));
  const send = async (n: number) => {
    const made: string[] = [];
    for (let i = 0; i < n; i++) {
      const r = await call('POST', '/sms', { ani: '+12125552301', dnis: `+1415555018${i}`, text: 'Batched' });
      expect(r.statusCode).toBe(201);
      made.push(r.json().sms.sms_uuid);
    }
    await sim().drain();
    await hooks().drain();
    return made;
  };

  beforeAll(async () => {
    listener = await startHookListener((h) => (h.path === '/failing' ? 503 : 204));
    base = listener.base;
    t = await createTestApp({
      companyWebhooks: { allowPrivate: true, pollMs: 0, retryBaseSeconds: 0, maxAttempts: 3, timeoutMs: 2000 },
      messaging: { gatewaySecret: 'batched', simAutoDeliver: true, simFailureRate: 0 },
    });
    acme = bearer(await login(t.app, 'acme-admin@example.com'));
    await fundCompany(t.app, await companyNamed(t.app, 'Acme'), 1_000_000n, 'adjustment');
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await listener.close();
  });
  beforeEach(() => {
    // each case reads only its own requests
    hits = listener.hits;
    hits.length = 0;
  });

  it("delivers several messages' status changes in fewer signed requests, each event with its own id", async () => {
    const made = await call('POST', '/webhook', { url: `${base}/ok`, events: ['message.status'], batched: true });
    expect(made.statusCode).toBe(201);
    const { webhook, secret } = made.json();
    expect(webhook.batched).toBe(true);
    const sms = await send(3);

    const got = envelopes('/ok');
    expect(got.every((e) => e.type === 'webhook.batch' && verified(e.hit, secret))).toBe(true);
    expect(got.every((e) => /^batch_[0-9a-f]{32}$/.test(String(e.hit.headers['webhook-id'])))).toBe(true);
    const events: Inner[] = got.flatMap((e) => e.data.events);
    expect(events).toHaveLength(9);
    expect(got.length).toBeLessThan(events.length);
    for (const sms_uuid of sms)
      expect(events.filter((e) => e.data.sms_uuid === sms_uuid).map((e) => e.data.status)).toEqual([
        'queued',
        'sent',
        'delivered',
      ]);
    expect(new Set(events.map((e) => e.id)).size).toBe(9);
    expect(events.every((e) => e.type === 'message.status' && /^msg_/.test(e.id))).toBe(true);

    // the log lists every event by the id it carried, each with the request's answer
    const log = (await call('GET', `/webhook/${webhook.webhook_uuid}/deliveries`)).json().items;
    expect(log).toHaveLength(9);
    expect(log.every((a: { ok: boolean; status_code: number }) => a.ok && a.status_code === 204)).toBe(true);
    expect(log.map((a: { message_id: string }) => a.message_id).sort()).toEqual(events.map((e) => e.id).sort());

    // the test event comes batched too, a batch of one
    const test = (await call('POST', `/webhook/${webhook.webhook_uuid}/test`)).json();
    expect(test).toMatchObject({ ok: true, status_code: 204 });
    const [envelope] = envelopes('/ok').slice(-1);
    expect(envelope.data.events).toEqual([expect.objectContaining({ id: test.message_id, type: 'webhook.test' })]);
    expect(verified(envelope.hit, secret)).toBe(true);
  });

  it('retries the events of a failed request, each with its id, and logs every attempt; a switch back sends singly', async () => {
    const made = await call('POST', '/webhook', { url: `${base}/failing`, events: ['message.status'], batched: true });
    const { webhook, secret } = made.json();
    const [sms_uuid] = await send(1);
    const tries = envelopes('/failing');
    // three events, three attempts each (maxAttempts 3), in three requests carrying the same events
    expect(tries).toHaveLength(3);
    expect(tries.every((e) => verified(e.hit, secret))).toBe(true);
    const idsOf = (e: { data: { events: Inner[] } }) => e.data.events.map((x) => x.id).join();
    expect(new Set(tries.map(idsOf)).size).toBe(1);
    expect(new Set(tries.map((e) => e.hit.headers['webhook-id'])).size).toBe(1);
    expect(tries[0].data.events.map((e: Inner) => [e.data.sms_uuid, e.data.status])).toEqual([
      [sms_uuid, 'queued'],
      [sms_uuid, 'sent'],
      [sms_uuid, 'delivered'],
    ]);
    const log = (await call('GET', `/webhook/${webhook.webhook_uuid}/deliveries`)).json().items;
    expect(log.map((a: { attempt: number }) => a.attempt).sort()).toEqual([1, 1, 1, 2, 2, 2, 3, 3, 3]);
    expect(log.every((a: { ok: boolean; state: string }) => !a.ok && a.state === 'failed')).toBe(true);

    const patched = await call('PATCH', `/webhook/${webhook.webhook_uuid}`, { url: `${base}/single`, batched: false });
    expect(patched.json().webhook).toMatchObject({ batched: false, url: `${base}/single` });
    const [later] = await send(1);
    const singles = envelopes('/single').filter((e) => e.data.sms_uuid === later);
    expect(singles.map((e) => [e.type, e.data.status])).toEqual([
      ['message.status', 'queued'],
      ['message.status', 'sent'],
      ['message.status', 'delivered'],
    ]);
  });

  it("pages each webhook's delivery log by cursor, newest first, across its three sources", async () => {
    type Attempt = { attempt_uuid: string; created_on: string };
    // the webhooks of the cases above: batched events (and a test batch); failed attempts, then single deliveries
    const webhooks = (await call('GET', '/webhook/list')).json().items as { webhook_uuid: string }[];
    expect(webhooks.length).toBeGreaterThanOrEqual(2);
    for (const { webhook_uuid } of webhooks) {
      const whole = (await call('GET', `/webhook/${webhook_uuid}/deliveries?per_page=100`)).json();
      expect(whole.next_cursor).toBeNull();
      const all = whole.items as Attempt[];
      expect(all.length).toBeGreaterThanOrEqual(10);
      const times = all.map((a) => Date.parse(a.created_on));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      const paged: Attempt[] = [];
      let cursor: string | null = null;
      for (let i = 0; i < 10; i++) {
        const q: string = cursor ? `&cursor=${cursor}` : '';
        const page = (await call('GET', `/webhook/${webhook_uuid}/deliveries?per_page=4${q}`)).json();
        paged.push(...page.items);
        expect(page.items.length).toBe(page.next_cursor ? 4 : page.items.length);
        cursor = page.next_cursor;
        if (!cursor) break;
      }
      expect(cursor).toBeNull();
      expect(paged.map((a) => a.attempt_uuid)).toEqual(all.map((a) => a.attempt_uuid));
      // the console's first page is the newest 50
      expect((await call('GET', `/webhook/${webhook_uuid}/deliveries`)).json().items).toEqual(all.slice(0, 50));
    }
    const refused = await call('GET', `/webhook/${webhooks[0].webhook_uuid}/deliveries?cursor=bm90LWEtY3Vyc29y`);
    expect([refused.statusCode, refused.json().detail]).toEqual([400, 'cursor: not a cursor of this list']);
  });
});
