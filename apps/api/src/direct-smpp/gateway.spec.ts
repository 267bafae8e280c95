import { sql } from 'kysely';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { SmppCarrier } from '../kannel/smpp-carrier';
import * as smpp from 'smpp';
import { apiOf } from '../lib/api-context';
import { messagingOf } from '../messaging';
import { submitOptions } from './link';

type Headers = Record<string, string>;

// The direct SMPP gateway against the carrier simulator: two transceiver binds with a window of 4, and the
// carrier's failures (throttling, a link dropped mid-window, refused binds). Every message must reach the carrier
// once and settle once.
describe('direct SMPP gateway', () => {
  let t: TestApp;
  let carrier: SmppCarrier;
  let admin: Headers, acme: Headers;
  let run = 0;
  const direct = () => apiOf(t.app).directGateway;
  const link = () => direct().link('carrier-d');

  beforeAll(async () => {
    // hex ids answered, receipts with the id in their text only and in decimal: correlation across formats
    carrier = new SmppCarrier({
      port: 0,
      systemId: 'console',
      password: 'secret42',
      receiptDelayMs: 20,
      idFormat: 'hex',
      receiptTlv: false,
    });
    await carrier.start();
    t = await createTestApp({
      demoTraffic: true,
      messaging: {
        direct: {
          backoffMs: 30,
          maxBackoffMs: 200,
          enquireLinkMs: 300,
          throttlePauseMs: 30,
          responseTimeoutMs: 2000,
          inDoubtMs: 1500,
        },
      },
    });
    admin = bearer(await login(t.app, 'admin@example.com'));
    acme = bearer(await login(t.app, 'acme-admin@example.com'));
    const { vendor_uuid } = await t.app.db
      .selectFrom('vendor_products')
      .select('vendor_uuid')
      .where('vendor_product_name', '=', 'Route Co Standard')
      .executeTakeFirstOrThrow();
    const made = await t.app.inject({
      method: 'POST',
      url: api('/smsc_connection'),
      headers: admin,
      payload: {
        smsc_id: 'carrier-d',
        api_adapter_id: 'smpp',
        gateway: 'direct',
        binds: 2,
        window_size: 4,
        throughput: 500,
        host: '127.0.0.1',
        port: carrier.port,
        system_id: 'console',
        password: 'secret42',
        vendor_uuid,
      },
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ gateway: 'direct', binds: 2 });
    const restart = await t.app.inject({
      method: 'POST',
      url: api('/gateway'),
      headers: admin,
      payload: { command: 'restart' },
    });
    expect(restart.json().message).toMatch(/1 bound directly over SMPP/);
    await until(() => carrier.sessions === 2);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await carrier?.close();
  });

  async function until(ok: () => boolean | Promise<boolean>, ms = 15_000) {
    const end = Date.now() + ms;
    while (!(await ok())) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** Sends n messages at once; resolves with their ids once every one is settled (delivered). */
  async function sendAndSettle(n: number) {
    const tag = `direct ${++run}`;
    const sent = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: api('/sms'),
          headers: acme,
          payload: { ani: '+12125552301', dnis: `+1415555${String(2000 + i)}`, text: `${tag} #${i}` },
        }),
      ),
    );
    for (const r of sent) expect(r.statusCode).toBe(201);
    const ids = sent.map((r) => r.json().sms.sms_uuid as string);
    const statuses = async () =>
      t.app.db.selectFrom('sms').select(['sms_uuid', 'status', 'smsc_id']).where('sms_uuid', 'in', ids).execute();
    await until(async () => (await statuses()).every((s) => s.status === 'delivered'));
    const atCarrier = carrier.submitted.filter((m) => m.text.startsWith(`${tag} #`));
    // settled once each: one ledger settlement per message
    const settled = await sql<{ n: number }>`select count(*)::int as n from ledger_entries
      where cause_type = 'sms' and cause_id = any(${ids}::text[])`.execute(t.app.db);
    return { ids, atCarrier, rows: await statuses(), settlements: settled.rows[0].n };
  }

  it('binds twice, fills each window, and settles every receipt once', async () => {
    const r = await sendAndSettle(40);
    expect(r.rows.every((s) => s.smsc_id === 'carrier-d')).toBe(true);
    expect(new Set(r.atCarrier.map((m) => m.text)).size).toBe(40);
    expect(r.atCarrier).toHaveLength(40);
    expect(new Set(r.atCarrier.map((m) => m.session)).size).toBe(2);
    expect(r.settlements).toBe(40);
    const peaks = link()?.binds.map((b) => b.peakInFlight) ?? [];
    expect(Math.max(...peaks)).toBeLessThanOrEqual(4);
    expect(Math.max(...peaks)).toBeGreaterThan(1);
    // the ids are kept until the final receipt only
    await until(async () => {
      const left = await t.app.db.selectFrom('direct_carrier_ids').select('message_id').execute();
      return left.length === 0;
    });
  });

  it('rests a throttled bind and sends the refused submits again', async () => {
    const before = link()?.counters.throttled ?? 0;
    carrier.throttle(6);
    const r = await sendAndSettle(12);
    expect(carrier.throttled).toBeGreaterThanOrEqual(6);
    expect((link()?.counters.throttled ?? 0) - before).toBe(6);
    expect(r.atCarrier).toHaveLength(12);
    expect(r.settlements).toBe(12);
  });

  it('loses nothing and sends nothing twice when the carrier drops a link mid-window', async () => {
    const resent = link()?.counters.resent ?? 0;
    carrier.dropAfter(9);
    const r = await sendAndSettle(30);
    expect(carrier.drops).toBe(1);
    // the unanswered submits of the dropped bind went out again
    expect((link()?.counters.resent ?? 0) - resent).toBeGreaterThan(0);
    expect(r.atCarrier).toHaveLength(30);
    expect(new Set(r.atCarrier.map((m) => m.text)).size).toBe(30);
    expect(r.settlements).toBe(30);
    await until(() => carrier.sessions === 2);
  });

  it('binds again after refused binds and a dead link, then carries traffic', async () => {
    const binds = link()?.binds.reduce((n, b) => n + b.refusals, 0) ?? 0;
    carrier.refuseBinds(2);
    carrier.dropLinks();
    await until(() => carrier.sessions === 2);
    expect((link()?.binds.reduce((n, b) => n + b.refusals, 0) ?? 0) - binds).toBe(2);
    const status = await t.app.inject({ method: 'GET', url: api('/smsc_connection/status'), headers: admin });
    expect(status.json().links.find((l: { smsc_id: string }) => l.smsc_id === 'carrier-d')).toMatchObject({
      state: 'online',
    });
    const r = await sendAndSettle(5);
    expect(r.atCarrier).toHaveLength(5);
    expect(direct().unmatched).toBe(0);
  });

  /** Two stored messages, queued and not yet handed over (scheduled, then due by hand: no charge held). */
  async function queuedPair(tag: string) {
    const made = await Promise.all(
      ['A', 'B'].map((k, i) =>
        t.app.inject({
          method: 'POST',
          url: api('/sms'),
          headers: acme,
          payload: {
            ani: '+12125552301',
            dnis: `+1415555${String(3100 + i)}`,
            text: `${tag} ${k}`,
            send_at: new Date(Date.now() + 3_600_000).toISOString(),
          },
        }),
      ),
    );
    for (const r of made) expect(r.statusCode).toBe(201);
    const ids = made.map((r) => r.json().sms.sms_uuid as string);
    await t.app.db.updateTable('sms').set({ status: 'queued', send_at: null }).where('sms_uuid', 'in', ids).execute();
    return Promise.all(ids.map((id) => messagingOf(t.app).messaging.pipeline.outbound(id)));
  }

  it('sends a message a stopped process handed over again only when the carrier never had it', async () => {
    const [a, b] = await queuedPair('in doubt');
    // The killed process: its own bind submitted A, and died with the answer (A's carrier id) unwritten.
    const dead = smpp.connect({ url: `smpp://127.0.0.1:${carrier.port}` });
    dead.on('error', () => undefined);
    dead.on('deliver_sm', () => undefined); // never answered: the carrier keeps the receipt for another bind
    await new Promise<void>((res, rej) =>
      dead.bind_transceiver({ system_id: 'console', password: 'secret42' }, (pdu) =>
        pdu.command_status ? rej(new Error(`bind ${pdu.command_status}`)) : res(),
      ),
    );
    await new Promise<void>((res) => dead.submit_sm(submitOptions(a), () => res()));
    dead.destroy();
    const before = { ...direct().doubts };
    const dupes = direct().duplicates;
    // The restarted server hands both over in doubt: A is claimed by its receipt, B goes out once its wait is over.
    await messagingOf(t.app).messaging.pipeline.handOver([
      { ...a, in_doubt: true },
      { ...b, in_doubt: true },
    ]);
    expect(direct().doubts.found - before.found).toBe(1);
    expect(direct().doubts.resent - before.resent).toBe(1);
    await until(async () => {
      const rows = await t.app.db
        .selectFrom('sms')
        .select('status')
        .where('sms_uuid', 'in', [a.sms_uuid, b.sms_uuid])
        .execute();
      return rows.every((r) => r.status === 'delivered');
    });
    expect(carrier.submitted.filter((m) => m.text === 'in doubt A')).toHaveLength(1);
    expect(carrier.submitted.filter((m) => m.text === 'in doubt B')).toHaveLength(1);
    // each receipt applied once, on the link that carried it
    expect(direct().duplicates - dupes).toBe(0);
    const rows = await t.app.db
      .selectFrom('sms')
      .select(['smsc_id', 'delivered_on'])
      .where('sms_uuid', 'in', [a.sms_uuid, b.sms_uuid])
      .execute();
    expect(rows.every((r) => r.smsc_id === 'carrier-d' && r.delivered_on)).toBe(true);
  });
});
