import { sql } from 'kysely';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { balanceOf } from '../billing';
import { expireLostReceipts, expiryMessage, receiptExpiryFrom } from '.';
import { readEnv } from '../config';

const SECRET = 'receipt-expiry-secret';
const HOUR = 3600;
const JOB_AFTER = 10 * HOUR;

describe('lost-receipt expiry', () => {
  let t: TestApp;
  let acme: Record<string, string>;
  let acmeCo: string;
  const send = async (dnis: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: api('/sms'),
      headers: acme,
      payload: { ani: '+12125552301', dnis, text: `expiry ${dnis}` },
    });
    expect(res.statusCode).toBe(201);
    return res.json().sms as { sms_uuid: string; status: string };
  };
  const state = async (id: string) =>
    t.app.db
      .selectFrom('sms as s')
      .leftJoin('ledger_reservations as r', 'r.reservation_uuid', 's.reservation_uuid')
      .select(['s.status', 's.status_message', 'r.status as hold'])
      .where('s.sms_uuid', '=', id)
      .executeTakeFirstOrThrow();
  /** as if handed over `seconds` ago */
  const age = async (id: string, seconds: number) => {
    await sql`update sms set created_on = now() - ${seconds} * interval '1 second', sent_on = now() - ${seconds} * interval '1 second' where sms_uuid = ${id}`.execute(
      t.app.db,
    );
  };
  const charges = async (id: string) =>
    Number(
      (
        await t.app.db
          .selectFrom('ledger_entries')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('cause_id', '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    // no receipts unless drained: every message stays "sent", as when a receipt is lost. The job checks every
    // second with a 10 h limit, so it leaves the direct calls' 3 h old messages to them
    t = await createTestApp({
      demoTraffic: true,
      messaging: { gatewaySecret: SECRET, simAutoDeliver: false, simFailureRate: 0 },
      receiptExpiry: { afterSeconds: JOB_AFTER, everySeconds: 1 },
    });
    acme = bearer(await login(t.app, 'acme-admin@example.com'));
    acmeCo = (
      await t.app.db
        .selectFrom('companies')
        .select('company_uuid')
        .where('company_name', '=', 'Acme')
        .executeTakeFirstOrThrow()
    ).company_uuid;
  }, 120_000);
  afterAll(async () => t?.close());

  it('expires only messages sent longer ago than the limit: undelivered, hold released, nothing charged; a second run changes nothing', async () => {
    const old1 = await send('+14155550201');
    const old2 = await send('+14155550202');
    const fresh = await send('+14155550203');
    expect([old1.status, old2.status, fresh.status]).toEqual(['sent', 'sent', 'sent']);
    await age(old1.sms_uuid, 3 * HOUR);
    await age(old2.sms_uuid, 2 * HOUR + 60);
    await age(fresh.sms_uuid, HOUR);
    const before = await balanceOf(t.app.db, { company_uuid: acmeCo });

    const first = await expireLostReceipts(t.app.db, { afterSeconds: 2 * HOUR, batchSize: 1 });
    expect(first).toEqual({ expired: 2, more: false });
    for (const m of [old1, old2]) {
      expect(await state(m.sms_uuid)).toEqual({
        status: 'undelivered',
        status_message: expiryMessage(2 * HOUR),
        hold: 'released',
      });
      expect(await charges(m.sms_uuid)).toBe(0);
    }
    expect(await state(fresh.sms_uuid)).toMatchObject({ status: 'sent', hold: 'held' });
    const after = await balanceOf(t.app.db, { company_uuid: acmeCo });
    expect(after.balance).toBe(before.balance);
    expect(after.reserved).toBe(before.reserved - 2n * 12_000n);

    expect(await expireLostReceipts(t.app.db, { afterSeconds: 2 * HOUR })).toEqual({ expired: 0, more: false });
    expect(await balanceOf(t.app.db, { company_uuid: acmeCo })).toEqual(after);
  });

  it('a receipt that arrives after the expiry changes nothing (the state only moves forward, the hold closes once)', async () => {
    const m = await send('+14155550204');
    await age(m.sms_uuid, 3 * HOUR);
    expect((await expireLostReceipts(t.app.db, { afterSeconds: 2 * HOUR })).expired).toBe(1);
    const bal = await balanceOf(t.app.db, { company_uuid: acmeCo });
    const late = await t.app.inject({
      method: 'GET',
      url: api(`/gateway/dlr?secret=${SECRET}&id=${m.sms_uuid}&type=1`),
    });
    expect(late.statusCode).toBe(200);
    expect(late.json()).toMatchObject({ duplicate: true, status: 'undelivered' });
    expect(await state(m.sms_uuid)).toMatchObject({ status: 'undelivered', hold: 'released' });
    expect(await balanceOf(t.app.db, { company_uuid: acmeCo })).toEqual(bal);
    expect(await charges(m.sms_uuid)).toBe(0);
  });

  it('stops at maxPerRun and says there is more', async () => {
    const a = await send('+14155550205');
    const b = await send('+14155550206');
    await age(a.sms_uuid, 3 * HOUR);
    await age(b.sms_uuid, 3 * HOUR);
    const r = await expireLostReceipts(t.app.db, { afterSeconds: 2 * HOUR, batchSize: 1, maxPerRun: 1 });
    expect(r).toEqual({ expired: 1, more: true });
    expect(await expireLostReceipts(t.app.db, { afterSeconds: 2 * HOUR })).toEqual({ expired: 1, more: false });
    for (const m of [a, b]) expect(await state(m.sms_uuid)).toMatchObject({ status: 'undelivered', hold: 'released' });
  });

  it('runs as a periodic job: a message whose receipt was lost turns undelivered on its own', async () => {
    const m = await send('+14155550207');
    await age(m.sms_uuid, JOB_AFTER + 60);
    let s = await state(m.sms_uuid);
    for (let i = 0; i < 60 && s.status === 'sent'; i++) {
      await new Promise((r) => setTimeout(r, 250));
      s = await state(m.sms_uuid);
    }
    expect(s).toEqual({ status: 'undelivered', status_message: expiryMessage(JOB_AFTER), hold: 'released' });
  }, 30_000);

  it('reads its settings from the options, then the environment, then the defaults', () => {
    expect(receiptExpiryFrom(undefined, readEnv({}))).toEqual({ afterSeconds: 48 * HOUR, everySeconds: 300 });
    const env = readEnv({ RECEIPT_EXPIRY_MINUTES: '90', RECEIPT_EXPIRY_CHECK_SECONDS: '30' });
    expect(receiptExpiryFrom(undefined, env)).toEqual({ afterSeconds: 5400, everySeconds: 30 });
    expect(() => readEnv({ RECEIPT_EXPIRY_MINUTES: '-5', RECEIPT_EXPIRY_CHECK_SECONDS: 'x' })).toThrow(
      /RECEIPT_EXPIRY_MINUTES="-5"[^]*RECEIPT_EXPIRY_CHECK_SECONDS="x"/,
    );
    expect(receiptExpiryFrom({ afterSeconds: 10 }, env)).toEqual({ afterSeconds: 10, everySeconds: 30 });
    expect(expiryMessage(48 * HOUR)).toBe('Expired: no delivery receipt within 48 h');
    expect(expiryMessage(90)).toBe('Expired: no delivery receipt within 90 s');
  });
});
