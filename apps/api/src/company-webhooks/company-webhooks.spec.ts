import { sql } from 'kysely';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { brandAcmeReseller, companyNamed, fundCompany } from '../testing/fixtures';
import { signedWith as verified, startHookListener, type Hit } from '../testing/hook-listener';
import { messagingOf, type SmscSimulator } from '../messaging';
import { companyWebhooksOf } from '.';
import { guardsOf } from '../guards';
import { fieldsOf } from '../testing/problem-answers';

type Headers = Record<string, string>;

describe('company webhooks: signed message events, retried, logged', () => {
  let t: TestApp;
  let listener: Awaited<ReturnType<typeof startHookListener>>;
  let base = '';
  let hits: Hit[] = [];
  let admin: Headers, acme: Headers, globex: Headers, acmeUser: Headers;
  const sim = () => messagingOf(t.app).gateway as SmscSimulator;
  const hooks = () => companyWebhooksOf(t.app);
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who: Headers, payload?: object) =>
    t.app.inject({ method, url: api(url), headers: who, payload });

  beforeAll(async () => {
    // /failing refuses every attempt, /flaky an event's first attempt only
    listener = await startHookListener((h, before) => {
      const retried = before.some((b) => b.path === '/flaky' && b.headers['webhook-id'] === h.headers['webhook-id']);
      return h.path.startsWith('/failing') || (h.path === '/flaky' && !retried) ? 503 : 204;
    });
    ({ base, hits } = listener);
    // the address policy refuses loopback; tests switch it off as the DID webhook specs do
    t = await createTestApp({
      companyWebhooks: { allowPrivate: true, pollMs: 0, retryBaseSeconds: 0, maxAttempts: 3, timeoutMs: 2000 },
      messaging: { gatewaySecret: 'hooks', simAutoDeliver: true, simFailureRate: 0 },
    });
    [admin, acme, globex, acmeUser] = (
      await Promise.all(
        ['admin', 'acme-admin', 'globex-admin', 'acme-user'].map((who) => login(t.app, `${who}@example.com`)),
      )
    ).map(bearer);
    await fundCompany(t.app, await companyNamed(t.app, 'Acme'), 1_000_000n, 'adjustment');
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await listener.close();
  });

  const send = async (extra: object = {}) => {
    const r = await call('POST', '/sms', acme, { ani: '+12125552301', dnis: '+14155550171', text: 'Hook', ...extra });
    expect(r.statusCode).toBe(201);
    return r.json().sms.sms_uuid as string;
  };
  const eventsOf = (path: string, sms_uuid: string) =>
    hits
      .filter((h) => h.path === path)
      .map((h) => ({ hit: h, event: JSON.parse(h.body) }))
      .filter((e) => e.event.data.sms_uuid === sms_uuid);

  it('delivers every status change of a message up to delivered, each signed with the webhook secret', async () => {
    // Acme's reseller has a brand: its webhooks name it, never the operator
    await brandAcmeReseller(t.app, 'Nimbus Texts');
    const made = await call('POST', '/webhook', acme, { url: `${base}/ok`, events: ['message.status'] });
    expect(made.statusCode).toBe(201);
    const { webhook, secret } = made.json();
    expect(secret).toMatch(/^whsec_/);
    expect(webhook).toMatchObject({ url: `${base}/ok`, events: ['message.status'], is_active: true });
    expect(webhook.secret_hint).not.toBe(secret);

    const sms_uuid = await send();
    await sim().drain();
    await hooks().drain();
    const got = eventsOf('/ok', sms_uuid);
    expect(got.map((e) => e.event.data.status)).toEqual(['queued', 'sent', 'delivered']);
    expect(got.map((e) => e.event.type)).toEqual(['message.status', 'message.status', 'message.status']);
    expect(got.map((e) => e.event.data.previous_status ?? null)).toEqual([null, 'queued', 'sent']);
    for (const e of got) expect(new Date(e.event.timestamp).toISOString()).toBe(e.event.timestamp);
    for (const e of got) expect(verified(e.hit, secret)).toBe(true);
    expect(verified(got[0].hit, 'whsec_' + Buffer.alloc(32).toString('base64'))).toBe(false);
    expect(new Set(got.map((e) => e.hit.headers['webhook-id'])).size).toBe(3);
    expect(new Set(got.map((e) => e.hit.headers['user-agent']))).toEqual(new Set(['nimbus-texts-webhooks/1']));

    const log = (await call('GET', `/webhook/${webhook.webhook_uuid}/deliveries`, acme)).json().items;
    const mine = log.filter((a: { sms_uuid: string }) => a.sms_uuid === sms_uuid);
    expect(mine).toHaveLength(3);
    expect(log.every((a: { ok: boolean; status_code: number }) => a.ok && a.status_code === 204)).toBe(true);
    // the log names each delivery by the webhook-id it was sent with
    expect(mine.map((a: { message_id: string }) => a.message_id).sort()).toEqual(
      got.map((e) => String(e.hit.headers['webhook-id'])).sort(),
    );
    const listed = (await call('GET', `/webhook/${webhook.webhook_uuid}`, acme)).json().webhook;
    expect(listed.last_status).toBe('delivered');
  });

  it('retries a failing endpoint with backoff, then gives up, and the log shows every failure', async () => {
    const made = await call('POST', '/webhook', acme, { url: `${base}/failing`, events: ['message.status'] });
    const id = made.json().webhook.webhook_uuid;
    const sms_uuid = await send();
    await sim().drain();
    await hooks().drain();
    const tries = hits.filter((h) => h.path === '/failing' && JSON.parse(h.body).data.sms_uuid === sms_uuid);
    // three events, three attempts each (maxAttempts 3), the same webhook-id on every attempt of one event
    expect(tries).toHaveLength(9);
    expect(new Set(tries.map((h) => h.headers['webhook-id'])).size).toBe(3);
    const log = (await call('GET', `/webhook/${id}/deliveries`, acme)).json().items;
    expect(log).toHaveLength(9);
    expect(log.every((a: { ok: boolean }) => !a.ok)).toBe(true);
    expect(log[0]).toMatchObject({ status_code: 503, error: 'The endpoint answered 503', state: 'failed' });
    expect(log.map((a: { attempt: number }) => a.attempt).sort()).toEqual([1, 1, 1, 2, 2, 2, 3, 3, 3]);
    expect((await call('GET', `/webhook/${id}`, acme)).json().webhook.last_status).toBe('503');
    await call('DELETE', `/webhook/${id}`, acme);
  });

  it('logs a failed first attempt and the retry that succeeded, the success on its event', async () => {
    const made = await call('POST', '/webhook', acme, { url: `${base}/flaky`, events: ['message.status'] });
    const id = made.json().webhook.webhook_uuid;
    const sms_uuid = await send();
    await sim().drain();
    await hooks().drain();
    const log = (await call('GET', `/webhook/${id}/deliveries`, acme)).json().items;
    expect(log).toHaveLength(6);
    const newestFirst = log.map((a: { created_on: string }) => a.created_on);
    expect([...newestFirst].sort().reverse()).toEqual(newestFirst);
    type Entry = { attempt: number; ok: boolean; status_code: number; state: string; sms_uuid: string };
    const summary = log
      .map((a: Entry) => [a.attempt, a.ok, a.status_code, a.state, a.sms_uuid === sms_uuid])
      .sort((a: string[], b: string[]) => String(a).localeCompare(String(b)));
    expect(summary).toEqual([
      ...Array(3).fill([1, false, 503, 'delivered', true]),
      ...Array(3).fill([2, true, 204, 'delivered', true]),
    ]);
    expect(new Set(log.map((a: { attempt_uuid: string }) => a.attempt_uuid)).size).toBe(6);
    expect((await call('GET', `/webhook/${id}`, acme)).json().webhook.last_status).toBe('delivered');
    await call('DELETE', `/webhook/${id}`, acme);
  });

  it("sends a message's own status_callback, signed with the company's callback secret", async () => {
    const refused = await call('POST', '/sms', acme, {
      ani: '+12125552301',
      dnis: '+14155550172',
      text: 'cb',
      status_callback: `${base}/cb`,
    });
    expect(refused.statusCode).toBe(400);
    expect(fieldsOf(refused).status_callback).toMatch(/no callback signing secret/);
    const made = await call('POST', '/webhook/callback-secret', acme, {});
    expect(made.statusCode).toBe(200);
    const secret = made.json().secret;
    expect((await call('GET', '/webhook/callback-secret', acme)).json().secret).toBeUndefined();
    const sms_uuid = await send({ status_callback: `${base}/cb` });
    await sim().drain();
    await hooks().drain();
    const got = eventsOf('/cb', sms_uuid);
    expect(got.map((e) => e.event.data.status)).toEqual(['queued', 'sent', 'delivered']);
    for (const e of got) expect(verified(e.hit, secret)).toBe(true);
    const bad = await call('POST', '/sms', acme, {
      ani: '+12125552301',
      dnis: '+14155550172',
      text: 'cb',
      status_callback: 'http://user:pw@example.com/cb',
    });
    expect(fieldsOf(bad).status_callback).toMatch(/user name or password/);
  });

  it('answers a blocked message with its reason in words, and incoming messages to message.received', async () => {
    const made = await call('POST', '/webhook', acme, {
      url: `${base}/all`,
      events: ['message.status', 'message.received'],
    });
    const { secret } = made.json();
    const blocked = await call('POST', '/sms', acme, { ani: '+19999999999', dnis: '+14155550173', text: 'x' });
    expect(blocked.statusCode).toBeGreaterThanOrEqual(400);
    await messagingOf(t.app).messaging.inbound.receive({ from: '+13125550777', to: '2125552301', text: 'hello there' });
    await hooks().drain();
    const events = hits.filter((h) => h.path === '/all').map((h) => JSON.parse(h.body));
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'message.status',
        data: expect.objectContaining({
          status: 'blocked',
          block_reason: 'bad_sender',
          block_reason_words: expect.any(String),
        }),
      }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'message.received',
        data: expect.objectContaining({ from: '+13125550777', text: 'hello there', status: 'received' }),
      }),
    );
    for (const h of hits.filter((x) => x.path === '/all')) expect(verified(h, secret)).toBe(true);
  });

  it('publishes what other domains emit, sends a test event, and keeps tenants apart', async () => {
    const made = await call('POST', '/webhook', acme, { url: `${base}/bal`, events: ['balance.low'] });
    const { webhook, secret } = made.json();
    const queued = await hooks().publish(webhook.company_uuid, 'balance.low', { available: '1.50', currency: 'USD' });
    expect(queued).toBe(1);
    await hooks().drain();
    const bal = hits.filter((h) => h.path === '/bal');
    expect(bal.map((h) => JSON.parse(h.body))).toEqual([
      expect.objectContaining({ type: 'balance.low', data: { available: '1.50', currency: 'USD' } }),
    ]);
    expect(verified(bal[0], secret)).toBe(true);

    // the guards' crossing of the company's alert level is published the same way
    await t.app.db
      .updateTable('billing_accounts')
      .set({ low_balance_threshold: sql`balance + 1` })
      .where('company_uuid', '=', webhook.company_uuid)
      .execute();
    expect(await guardsOf(t.app).notifyLowBalance(webhook.company_uuid)).toBe(true);
    // the event is queued as the guards emit it, a moment after the crossing is written
    for (let i = 0; i < 50 && hits.filter((h) => h.path === '/bal').length < 2; i++) {
      await new Promise((r) => setTimeout(r, 100));
      await hooks().drain();
    }
    expect(hits.filter((h) => h.path === '/bal')).toHaveLength(2);
    const crossing = JSON.parse(hits.filter((h) => h.path === '/bal')[1].body);
    expect(crossing).toMatchObject({ type: 'balance.low', data: { currency: 'USD' } });
    expect(Number(crossing.data.threshold) - Number(crossing.data.balance)).toBeGreaterThan(0);
    await t.app.db
      .updateTable('billing_accounts')
      .set({ low_balance_threshold: null })
      .where('company_uuid', '=', webhook.company_uuid)
      .execute();

    const test = await call('POST', `/webhook/${webhook.webhook_uuid}/test`, acme);
    expect(test.json()).toMatchObject({ ok: true, status_code: 204, error: null });
    expect(JSON.parse(hits[hits.length - 1].body).type).toBe('webhook.test');

    const rotated = await call('PATCH', `/webhook/${webhook.webhook_uuid}`, acme, { rotate_secret: true });
    expect(rotated.json().secret).toMatch(/^whsec_/);
    expect(rotated.json().secret).not.toBe(secret);
    const audit = (await call('GET', `/audit/list?entity=webhook&entity_id=${webhook.webhook_uuid}`, admin)).json()
      .items;
    expect(audit.map((e: { action: string }) => e.action)).toEqual(['update', 'create']);
    expect(JSON.stringify(audit)).not.toContain(rotated.json().secret);
    expect(JSON.stringify(audit)).not.toContain(secret);

    expect((await call('GET', `/webhook/${webhook.webhook_uuid}`, globex)).statusCode).toBe(404);
    expect((await call('DELETE', `/webhook/${webhook.webhook_uuid}`, globex)).statusCode).toBe(404);
    expect((await call('GET', '/webhook/list', acmeUser)).statusCode).toBe(403);
    const globexList = (await call('GET', '/webhook/list', globex)).json();
    expect(globexList.total).toBe(0);
    const adminList = (await call('GET', '/webhook/list', admin)).json();
    expect(adminList.items.map((w: { url: string }) => w.url)).toContain(`${base}/bal`);
    const adminMade = await call('POST', '/webhook', admin, { url: `${base}/x`, events: ['balance.low'] });
    expect(adminMade.statusCode).toBe(400);
  });
});
