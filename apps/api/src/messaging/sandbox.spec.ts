import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { companyNamed, fundCompany } from '../testing/fixtures';
import { startHookListener, type Hit } from '../testing/hook-listener';
import { companyWebhooksOf } from '../company-webhooks';
import { messagingOf, type SmscSimulator } from '.';
import { MAGIC_NUMBERS, MAGIC_PREFIX, sandboxDecision, sandboxOutcome } from './sandbox';
import { block, type Decision } from './engine/pipeline';

type Headers = Record<string, string>;
const ANI = '+12125552301';
const STOP_NUMBER = `${MAGIC_PREFIX}0104`;

describe('the sandbox: test API keys and magic numbers', () => {
  let t: TestApp;
  let listener: Awaited<ReturnType<typeof startHookListener>>;
  let hits: Hit[] = [];
  let acme: Headers;
  let testKey: Headers, liveKey: Headers;
  let acmeUuid = '';
  const sim = () => messagingOf(t.app).gateway as SmscSimulator;
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who: Headers, payload?: object) =>
    t.app.inject({ method, url: api(url), headers: who, payload });
  const balance = async () => (await call('GET', '/balance', acme)).json();
  const settle = async () => {
    await sim().drain();
    await companyWebhooksOf(t.app).drain();
  };
  const eventsOf = (sms_uuid: string) =>
    hits
      .filter((h) => h.path === '/hook')
      .map((h) => JSON.parse(h.body))
      .filter((e) => e.data.sms_uuid === sms_uuid);

  beforeAll(async () => {
    listener = await startHookListener(() => 204);
    hits = listener.hits;
    t = await createTestApp({
      companyWebhooks: { allowPrivate: true, pollMs: 0, retryBaseSeconds: 0, maxAttempts: 2, timeoutMs: 2000 },
      messaging: { gatewaySecret: 'sandbox', simAutoDeliver: false, simFailureRate: 0 },
    });
    acme = bearer(await login(t.app, 'acme-admin@example.com'));
    acmeUuid = await companyNamed(t.app, 'Acme');
    await fundCompany(t.app, acmeUuid, 1_000_000n, 'adjustment');
    const hook = await call('POST', '/webhook', acme, {
      url: `${listener.base}/hook`,
      events: ['message.status', 'message.received'],
    });
    expect(hook.statusCode).toBe(201);
    expect((await call('POST', '/webhook/callback-secret', acme, {})).statusCode).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await listener.close();
  });

  it('creates test keys (smsc_test_…) apart from live ones (smsc_live_…), each listed with its mode', async () => {
    const test = await call('POST', '/api_key', acme, { name: 'Try-out', sandbox: true });
    const live = await call('POST', '/api_key', acme, { name: 'Production' });
    expect(test.statusCode).toBe(201);
    expect(test.json().key).toMatch(/^smsc_test_/);
    expect(test.json().api_key).toMatchObject({ sandbox: true, prefix: test.json().key.slice(0, 17) });
    expect(live.json().key).toMatch(/^smsc_live_/);
    expect(live.json().api_key).toMatchObject({ sandbox: false });
    testKey = { 'x-api-key': test.json().key };
    liveKey = { 'x-api-key': live.json().key };
    const listed = (await call('GET', '/api_key/list', acme)).json().items;
    expect(listed.find((k: { name: string }) => k.name === 'Try-out').sandbox).toBe(true);
    expect(listed.find((k: { name: string }) => k.name === 'Production').sandbox).toBe(false);
  });

  it('gives every magic number its outcome with the real statuses and events, and charges nothing', async () => {
    const before = await balance();
    const sent = new Map<string, { status: number; body: ReturnType<JSON['parse']> }>();
    for (const m of MAGIC_NUMBERS) {
      const r = await call('POST', '/sms', testKey, {
        ani: ANI,
        dnis: m.number,
        text: 'Sandbox',
        ...(m.outcome.kind === 'failed' ? { status_callback: `${listener.base}/cb` } : {}),
      });
      sent.set(m.number, { status: r.statusCode, body: r.json() });
    }
    const other = await call('POST', '/sms', testKey, { ani: ANI, dnis: '+14155550177', text: 'Any number' });
    expect(other.statusCode).toBe(201);
    await settle();
    // the STOP reply's own confirmation and webhooks come after its receipt: one more round
    await settle();

    const ids: string[] = [other.json().sms.sms_uuid];
    for (const m of MAGIC_NUMBERS) {
      const { status, body } = sent.get(m.number) as { status: number; body: Record<string, unknown> };
      if (m.outcome.kind === 'blocked') {
        // refused as a live send with that reason is: a 4xx naming the reason, the message logged blocked
        expect({ number: m.number, status: status >= 400 && status < 500, code: body.code }).toEqual({
          number: m.number,
          status: true,
          code: m.outcome.reason,
        });
        const row = await t.app.db
          .selectFrom('sms')
          .select(['sms_uuid', 'status', 'block_reason', 'sandbox'])
          .where('dnis', '=', m.number)
          .where('is_received', '=', false)
          .executeTakeFirstOrThrow();
        expect(row).toMatchObject({ status: 'blocked', block_reason: m.outcome.reason, sandbox: true });
        // and its webhook tells it, with the reason, as a live refusal's does
        const told = eventsOf(row.sms_uuid).map((e) => [e.data.status, e.data.block_reason]);
        expect({ number: m.number, told }).toEqual({ number: m.number, told: [['blocked', m.outcome.reason]] });
        ids.push(row.sms_uuid);
        continue;
      }
      expect({ number: m.number, status }).toEqual({ number: m.number, status: 201 });
      const id = (body.sms as { sms_uuid: string }).sms_uuid;
      ids.push(id);
      const sms = (await call('GET', `/sms/${id}`, acme)).json().sms;
      expect({ number: m.number, status: sms.status, sandbox: sms.sandbox }).toEqual({
        number: m.number,
        status: m.status,
        sandbox: true,
      });
      expect(sms.price === null || Number(sms.price) === 0).toBe(true);
      // the message's webhooks follow the same moves as a real one's
      const moves = eventsOf(id).map((e) => e.data.status);
      expect({ number: m.number, moves }).toEqual({
        number: m.number,
        moves: m.outcome.kind === 'failed' ? ['queued', 'failed'] : ['queued', 'sent', m.status],
      });
    }
    const expired = (
      await call('GET', `/sms/${ids[MAGIC_NUMBERS.findIndex((m) => m.outcome.kind === 'expired') + 1]}/events`, acme)
    ).json();
    expect(expired.events.find((e: { kind: string }) => e.kind === 'receipt')).toMatchObject({ raw_status: 'EXPIRED' });
    // the failed number's status_callback heard its moves too
    const callback = hits.filter((h) => h.path === '/cb').map((h) => JSON.parse(h.body).data.status);
    expect(callback).toEqual(['queued', 'failed']);

    // the STOP number texted STOP back: an incoming message, a suppression like a real opt-out, its webhook
    const stop = await t.app.db
      .selectFrom('sms')
      .select(['sms_uuid', 'text', 'sandbox'])
      .where('is_received', '=', true)
      .where('ani', '=', STOP_NUMBER)
      .executeTakeFirstOrThrow();
    expect(stop).toMatchObject({ text: 'STOP', sandbox: true });
    const suppressed = await t.app.db
      .selectFrom('suppressed_numbers')
      .select('source')
      .where('company_uuid', '=', acmeUuid)
      .where('number', '=', STOP_NUMBER)
      .executeTakeFirst();
    expect(suppressed).toEqual({ source: 'stop' });
    const received = hits.map((h) => JSON.parse(h.body)).filter((e) => e.type === 'message.received');
    expect(received.map((e) => e.data.from)).toContain(STOP_NUMBER);
    // its opt-out confirmation went in the sandbox too (delivered, not charged)
    const confirmation = await t.app.db
      .selectFrom('sms')
      .select(['status', 'sandbox', 'reservation_uuid'])
      .where('is_received', '=', false)
      .where('dnis', '=', STOP_NUMBER)
      .where('api_key_uuid', 'is', null)
      .executeTakeFirstOrThrow();
    expect(confirmation).toEqual({ status: 'delivered', sandbox: true, reservation_uuid: null });
    // a sandbox message to it now is refused as suppressed, as a live one would be
    const again = await call('POST', '/sms', testKey, { ani: ANI, dnis: STOP_NUMBER, text: 'again' });
    expect(again.json().code).toBe('suppressed');

    expect((await call('GET', `/sms/${other.json().sms.sms_uuid}`, acme)).json().sms.status).toBe('delivered');
    // nothing charged: the balance as it was, no hold, no ledger entry (the company's or its reseller's wholesale)
    expect(await balance()).toEqual(before);
    const entries = await t.app.db
      .selectFrom('ledger_entries')
      .select('entry_id')
      .where('cause_id', 'in', ids)
      .execute();
    expect(entries).toEqual([]);
  });

  it('keeps a scheduled test message in the sandbox when its time comes', async () => {
    const before = await balance();
    const send_at = new Date(Date.now() + 3_600_000).toISOString();
    const r = await call('POST', '/sms', testKey, { ani: ANI, dnis: `${MAGIC_PREFIX}0102`, text: 'Later', send_at });
    expect(r.json().sms).toMatchObject({ status: 'scheduled', sandbox: true });
    // its time has come: the scheduler sends it as it would at send_at
    await messagingOf(t.app).messaging.scheduler.dispatch(r.json().sms.sms_uuid);
    await settle();
    const sms = (await call('GET', `/sms/${r.json().sms.sms_uuid}`, acme)).json().sms;
    expect(sms).toMatchObject({ status: 'undelivered', sandbox: true });
    expect(await balance()).toEqual(before);
  });

  it('refuses a bulk send to a test key (bulk has no sandbox), so it spends nothing', async () => {
    const before = await balance();
    const bulk = await call('POST', '/bulk', testKey, { ani: ANI, text: 'Bulk', numbers: ['+14155550171'] });
    expect(bulk.statusCode).toBe(403);
    expect(bulk.json().detail).toMatch(/test \(sandbox\) API key sends single messages/);
    expect(await balance()).toEqual(before);
  });

  it('lets a live key sending to a magic number send and charge as usual', async () => {
    const before = await balance();
    const r = await call('POST', '/sms', liveKey, { ani: ANI, dnis: `${MAGIC_PREFIX}0101`, text: 'Live' });
    expect(r.statusCode).toBe(201);
    await settle();
    const sms = (await call('GET', `/sms/${r.json().sms.sms_uuid}`, acme)).json().sms;
    // no magic: the simulator (failure rate 0 here) delivers it and the company pays its price
    expect(sms).toMatchObject({ status: 'delivered', sandbox: false });
    expect(Number(sms.price)).toBeGreaterThan(0);
    const after = await balance();
    expect(Number(before.balance) - Number(after.balance)).toBeCloseTo(Number(sms.price), 6);
  });
});

describe('sandboxOutcome and sandboxDecision', () => {
  const ok: Decision = {
    ok: true,
    unitPrice: 12_000n,
    price: 24_000n,
    unitCost: 7_000n,
    cost: 14_000n,
    vendorProductUuid: 'v',
    vendorProductName: 'V',
    mobileNetworkName: null,
    chargeBasis: 'delivery',
  };

  it('maps each magic number to its outcome and any other number (or a system reply) to delivered', () => {
    expect(sandboxOutcome(`${MAGIC_PREFIX}0103`)).toEqual({ kind: 'expired' });
    expect(sandboxOutcome(STOP_NUMBER)).toEqual({ kind: 'stop' });
    expect(sandboxOutcome(STOP_NUMBER, true)).toEqual({ kind: 'delivered' });
    expect(sandboxOutcome('+14155550100')).toEqual({ kind: 'delivered' });
    expect(new Set(MAGIC_NUMBERS.map((m) => m.number)).size).toBe(MAGIC_NUMBERS.length);
  });

  it('prices an accepted message at nothing, keeps a real refusal, and refuses a blocking number with its reason', () => {
    expect(sandboxDecision(ok, { kind: 'delivered' }, '+14155550100')).toMatchObject({ ok: true, price: 0n, cost: 0n });
    const real = block('bad_sender', 'not yours');
    expect(sandboxDecision(real, { kind: 'blocked', reason: 'no_price' }, '+1')).toBe(real);
    expect(sandboxDecision(ok, { kind: 'blocked', reason: 'spend_limit' }, `${MAGIC_PREFIX}0114`)).toMatchObject({
      ok: false,
      reason: 'spend_limit',
    });
  });
});
