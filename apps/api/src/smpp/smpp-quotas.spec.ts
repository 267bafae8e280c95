// Per-tenant quotas on the listener's shared state (docs/security.md, "Per-tenant quotas"): one account's
// open multipart messages, tps, bad submits and refused deliveries must not cost another tenant anything.
import * as smpp from 'smpp';
import { sql } from 'kysely';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { loadEnv } from '../config/read-env';
import { smppOf } from '.';
import { SharedThrottle } from './shared-limits';
import { connect, type Client } from './test-client';
import { fieldsOf } from '../testing/problem-answers';

const E = smpp.errors;
const ACME_ANI = '12125552301';
const GLOBEX_ANI = '13125552401';
const TO = '14155550111';
const CEILING = 200;
const OPEN_PER_ACCOUNT = 5;

describe('SMPP per-tenant quotas', () => {
  let t: TestApp;
  let acme: Record<string, string>;
  let globex: Record<string, string>;
  const clients: Client[] = [];
  /** the system_id each account got: a company admin's request is a prefix the server adds a suffix to */
  const ids = new Map<string, string>();
  const bound = async (asked: string, kind: 'bind_transmitter' | 'bind_transceiver' = 'bind_transmitter') => {
    const c = await connect(smppOf(t.app).port as number);
    clients.push(c);
    expect(await c.bind(kind, ids.get(asked) ?? asked, 'secret1')).toBe(0);
    return c;
  };
  const account = async (headers: Record<string, string>, body: object) =>
    t.app.inject({ method: 'POST', url: api('/smpp_account'), headers, payload: { password: 'secret1', ...body } });
  const from = (ani: string) => ({ source_addr_ton: 1, source_addr: ani, dest_addr_ton: 1, destination_addr: TO });

  beforeAll(async () => {
    t = await createTestApp({
      demoTraffic: true,
      messaging: { simLatencyMs: 20, simFailureRate: 0, simAutoDeliver: true },
      env: { ...loadEnv(), SMPP_TPS_CEILING: CEILING, SMPP_MULTIPART_OPEN_PER_ACCOUNT: OPEN_PER_ACCOUNT },
    });
    acme = bearer(await login(t.app, 'acme-admin@example.com'));
    globex = bearer(await login(t.app, 'globex-admin@example.com'));
    for (const [h, system_id] of [
      [acme, 'acme-greedy'],
      [acme, 'acme-batch'],
      [acme, 'acme-refuser'],
      [globex, 'globex-long'],
    ] as const) {
      const made = await account(h, { system_id, tps: CEILING });
      expect(made.statusCode).toBe(201);
      ids.set(system_id, made.json().smpp_account.system_id);
    }
  }, 120_000);
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await t?.close();
  });

  it('refuses a tps above the platform ceiling with a field error, and shows the ceiling to the console', async () => {
    const over = await account(acme, { system_id: 'acme-fast', tps: CEILING + 1 });
    expect(over.statusCode).toBe(400);
    expect(fieldsOf(over).tps).toMatch(/^At most 200 submits per second/);
    const limits = await t.app.inject({ method: 'GET', url: api('/smpp_account/limits'), headers: globex });
    expect(limits.statusCode).toBe(200);
    expect(limits.json()).toEqual({ tps_ceiling: CEILING, multipart_open_per_account: OPEN_PER_ACCOUNT });

    const made = await account(acme, { system_id: 'acme-edit', tps: 100 });
    const id = made.json().smpp_account.smpp_account_uuid;
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: api(`/smpp_account/${id}`), headers: acme, payload });
    expect((await patch({ tps: CEILING + 1 })).statusCode).toBe(400);
    // an account set higher before the ceiling was lowered keeps its figure through an edit of another field
    await t.app.db.updateTable('smpp_accounts').set({ tps: 5000 }).where('smpp_account_uuid', '=', id).execute();
    const edited = await patch({ tps: 5000, max_binds: 3 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().smpp_account).toMatchObject({ tps: 5000, max_binds: 3 });
  });

  it('throttles an account set above the ceiling at the ceiling', async () => {
    const row = await t.app.db
      .selectFrom('smpp_accounts')
      .select('smpp_account_uuid')
      .where('system_id', 'like', 'acme-edit-%')
      .executeTakeFirstOrThrow();
    const throttle = new SharedThrottle(t.app.db, 3);
    const taken = await Promise.all(Array.from({ length: 20 }, () => throttle.take(row.smpp_account_uuid, 5000)));
    expect(taken.filter(Boolean)).toHaveLength(3);
  });

  it("keeps another tenant's long messages going while one account has its multipart cap open", async () => {
    const greedy = await bound('acme-greedy');
    const part = (c: Client, ani: string, ref: number, seq: number, text: string) =>
      c.submit({
        ...from(ani),
        sar_msg_ref_num: ref,
        sar_total_segments: 2,
        sar_segment_seqnum: seq,
        short_message: text,
      });
    const opened = await Promise.all(
      Array.from({ length: OPEN_PER_ACCOUNT + 3 }, (_, ref) => part(greedy, ACME_ANI, ref, 1, 'never finished')),
    );
    const statuses = opened.map((r) => r.command_status);
    expect(statuses.filter((s) => s === 0)).toHaveLength(OPEN_PER_ACCOUNT);
    expect(statuses.filter((s) => s === E.ESME_RMSGQFUL)).toHaveLength(3);

    const other = await bound('globex-long');
    const first = await part(other, GLOBEX_ANI, 7, 1, 'Hello from ');
    const last = await part(other, GLOBEX_ANI, 7, 2, 'Globex');
    expect([first.command_status, last.command_status]).toEqual([0, 0]);
    expect(last.message_id).toBe(first.message_id);
    const sms = await t.app.db
      .selectFrom('sms')
      .select('text')
      .where('sms_uuid', '=', String(last.message_id))
      .executeTakeFirstOrThrow();
    expect(sms.text).toBe('Hello from Globex');
  });

  it('fails only the submit the database refuses, and refuses a NUL before it reaches a batch', async () => {
    const c = await bound('acme-batch');
    await sql`create function smpp_spec_poison() returns trigger language plpgsql as $$
      begin if new.text = 'poison' then raise exception 'poisoned submit'; end if; return new; end $$`.execute(
      t.app.db,
    );
    await sql`create trigger smpp_spec_poison before insert on sms
      for each row execute function smpp_spec_poison()`.execute(t.app.db);
    try {
      const texts = Array.from({ length: 20 }, (_, i) => (i === 7 ? 'poison' : `good ${i}`));
      const resps = await Promise.all([
        ...texts.map((short_message) => c.submit({ ...from(ACME_ANI), short_message })),
        // U+0000 in Latin-1 text: PostgreSQL refuses it in text, so it must not reach a batch at all
        c.submit({ ...from(ACME_ANI), data_coding: 3, short_message: Buffer.from('nul\0here', 'latin1') }),
      ]);
      const nul = resps.pop() as smpp.Pdu;
      resps.forEach((r, i) => expect([texts[i], r.command_status]).toEqual([texts[i], i === 7 ? E.ESME_RSYSERR : 0]));
      const stored = await t.app.db
        .selectFrom('sms')
        .select('text')
        .where(
          'sms_uuid',
          'in',
          resps.filter((r) => r.command_status === 0).map((r) => String(r.message_id)),
        )
        .execute();
      expect(stored.map((s) => s.text).sort()).toEqual(texts.filter((x) => x !== 'poison').sort());
      expect(nul.command_status).toBe(E.ESME_RSUBMITFAIL);
    } finally {
      await sql`drop trigger smpp_spec_poison on sms`.execute(t.app.db);
      await sql`drop function smpp_spec_poison()`.execute(t.app.db);
    }
  });

  it('backs off a deliver_sm the customer refuses, and delivers it once the customer accepts', async () => {
    const c = await bound('acme-refuser', 'bind_transceiver');
    c.deliverStatus = E.ESME_RX_T_APPN;
    const resp = await c.submit({ ...from(ACME_ANI), short_message: 'receipt refused', registered_delivery: 1 });
    expect(resp.command_status).toBe(0);
    await c.waitDelivered(1);
    // tries at 0, 1 and 3 s (then 7 s); sent again at every 200 ms poll, the same window held about 20
    await new Promise((r) => setTimeout(r, 4000));
    const refused = c.delivered.length;
    expect(refused).toBeGreaterThanOrEqual(2);
    expect(refused).toBeLessThanOrEqual(4);
    c.deliverStatus = 0;
    await c.waitDelivered(refused + 1, 15_000);
    const row = await t.app.db
      .selectFrom('smpp_deliveries')
      .select(['delivered_on', 'attempts'])
      .where('sms_uuid', '=', String(resp.message_id))
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(refused + 1);
    await new Promise((r) => setTimeout(r, 100));
    const marked = await t.app.db
      .selectFrom('smpp_deliveries')
      .select('delivered_on')
      .where('sms_uuid', '=', String(resp.message_id))
      .executeTakeFirstOrThrow();
    expect(marked.delivered_on).not.toBeNull();
  }, 30_000);
});
