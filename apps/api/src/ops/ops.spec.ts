import { sql } from 'kysely';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import type { FastifyRequest } from 'fastify';
import { readEnv } from '../config';
import { mayScrape } from '.';

const SECRET = 'ops-gateway-secret';
const TOKEN = 'scrape-token-123';

describe('operations: /health, /ready, /metrics, GET /operations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      demoTraffic: true,
      messaging: { gatewaySecret: SECRET, simAutoDeliver: false, simFailureRate: 0 },
      env: readEnv({ METRICS_TOKEN: TOKEN }),
    });
  }, 120_000);
  afterAll(async () => t.close());
  const scrape = () => t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });

  it('answers /health and /ready without signing in', async () => {
    expect((await t.app.inject({ url: '/health' })).json()).toMatchObject({ ok: true });
    const ready = await t.app.inject({ url: '/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().parts.map((p: { name: string; ok: boolean }) => [p.name, p.ok])).toEqual([
      ['database', true],
      ['job queue', true],
      ['gateway', true],
    ]);
  });

  it('exports the runtime figures of the node: event-loop delay, CPU, heap, garbage collection, descriptors', async () => {
    const text = (await scrape()).body;
    for (const name of [
      'smsc_event_loop_delay_seconds{quantile="0.99"}',
      'smsc_process_cpu_seconds_total{mode="user"}',
      'smsc_heap_bytes{kind="used"}',
      'smsc_open_fds',
    ])
      expect(text).toMatch(new RegExp(`^${name.replace(/[{}"."]/g, (c) => `\\${c}`)} [0-9.e+-]+$`, 'm'));
    expect(Number(/^smsc_heap_bytes\{kind="used"\} (\S+)$/m.exec(text)?.[1])).toBeGreaterThan(1e6);
  });

  it('answers 503 naming the database while it fails, and 200 again once it is back, without a restart', async () => {
    // the probe reads the migrations table: without it the database cannot serve this schema
    await sql`alter table kysely_migration rename to kysely_migration_away`.execute(t.app.db);
    try {
      const down = await t.app.inject({ url: '/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json().parts[0]).toMatchObject({ name: 'database', ok: false });
      expect(down.json().parts[0].detail).toMatch(/kysely_migration/);
    } finally {
      await sql`alter table kysely_migration_away rename to kysely_migration`.execute(t.app.db);
    }
    expect((await t.app.inject({ url: '/ready' })).statusCode).toBe(200);
  });

  it('lets only the token holder scrape /metrics when METRICS_TOKEN is set', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
    const res = await t.app.inject({
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0.0.4/);
  });

  it('exports HTTP figures by route, messages by state, receipt latency, links, queues, outbox and webhooks', async () => {
    const acme = bearer(await login(t.app, 'acme-admin@example.com'));
    const sent = await t.app.inject({
      method: 'POST',
      url: api('/sms'),
      headers: acme,
      payload: { ani: '+12125552301', dnis: '+12125550142', text: 'metrics' },
    });
    expect(sent.statusCode).toBe(201);
    const id = sent.json().sms.sms_uuid as string;
    await sql`update sms set created_on = now() - interval '42 seconds' where sms_uuid = ${id}`.execute(t.app.db);
    const dlr = await t.app.inject({ url: api(`/gateway/dlr?secret=${SECRET}&id=${id}&type=1`) });
    expect(dlr.json()).toMatchObject({ status: 'delivered' });
    await t.app.inject({ url: api('/no-such-route'), headers: acme });

    const text = (await scrape()).body;
    expect(text).toContain('smsc_http_requests_total{method="POST",route="/api_smsc/v1/sms",status="2xx"} 1');
    expect(text).toMatch(/smsc_http_request_duration_seconds_count\{method="POST",route="\/api_smsc\/v1\/sms"\} 1/);
    expect(text).toMatch(/smsc_messages\{state="delivered"\} \d+/);
    expect(text).toContain('smsc_receipt_latency_seconds_bucket{le="30"} 0');
    expect(text).toContain('smsc_receipt_latency_seconds_bucket{le="60"} 1');
    expect(text).toContain('smsc_receipt_latency_seconds_count 1');
    expect(text).toMatch(/smsc_gateway_link_up\{link="simulator",state="online"\} 1/);
    expect(text).toMatch(/smsc_gateway_link_throughput_per_second\{link="simulator"\} [\d.]+/);
    expect(text).toMatch(/smsc_job_queue_depth\{queue="receipt-expiry",state="waiting"\} 1/);
    expect(text).toContain('smsc_ready{part="database"} 1');
    for (const name of ['smsc_outbox_pending', 'smsc_webhook_failures_total', 'smsc_job_queue_oldest_seconds'])
      expect(text).toContain(`# TYPE ${name} `);
  });

  it('names the periodic tasks this node leads (the only node here: all of them)', async () => {
    const text = (await scrape()).body;
    expect(text).toMatch(/^smsc_leader\{role="scheduled-sms"\} 1$/m);
    expect(text).toMatch(/^smsc_leader\{role="report-fold"\} 1$/m);
  });

  it('counts 5xx answers by route', async () => {
    const fives = async () =>
      Number(
        /smsc_http_requests_total\{method="GET",route="\/ready",status="5xx"\} (\d+)/.exec(
          (await scrape()).body,
        )?.[1] ?? 0,
      );
    const before = await fives();
    await sql`alter table kysely_migration rename to kysely_migration_away`.execute(t.app.db);
    try {
      expect((await t.app.inject({ url: '/ready' })).statusCode).toBe(503);
    } finally {
      await sql`alter table kysely_migration_away rename to kysely_migration`.execute(t.app.db);
    }
    expect(await fives()).toBe(before + 1);
  });

  it('gives the system admin the same figures as JSON, and nobody else', async () => {
    const admin = bearer(await login(t.app, 'admin@example.com'));
    const res = await t.app.inject({ url: api('/operations'), headers: admin });
    expect(res.statusCode).toBe(200);
    const snap = res.json();
    expect(snap.ready.ok).toBe(true);
    expect(snap.receipt_latency.count).toBe(1);
    expect(snap.receipt_latency.p50_seconds).toBeGreaterThan(30);
    expect(snap.links).toEqual([expect.objectContaining({ link: 'simulator', state: 'online' })]);
    expect(snap.http.routes[0]).toEqual(expect.objectContaining({ requests: expect.any(Number) }));
    const company = bearer(await login(t.app, 'acme-admin@example.com'));
    expect((await t.app.inject({ url: api('/operations'), headers: company })).statusCode).toBe(403);
  });
});

describe('who may scrape /metrics', () => {
  const req = (remoteAddress: string, authorization?: string) =>
    ({ socket: { remoteAddress }, headers: { authorization } }) as unknown as FastifyRequest;
  it('without METRICS_TOKEN: loopback callers only', () => {
    expect(mayScrape(req('127.0.0.1'), undefined)).toBe(true);
    expect(mayScrape(req('::1'), undefined)).toBe(true);
    expect(mayScrape(req('10.0.0.7'), undefined)).toBe(false);
  });
  it('with METRICS_TOKEN: the bearer of that token from anywhere, nobody else', () => {
    expect(mayScrape(req('10.0.0.7', 'Bearer t0k'), 't0k')).toBe(true);
    expect(mayScrape(req('127.0.0.1'), 't0k')).toBe(false);
    expect(mayScrape(req('127.0.0.1', 'Bearer t0'), 't0k')).toBe(false);
  });
});
