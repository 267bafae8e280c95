// Submits stored in batches (submit-batch.ts): each submit of a batch hears its own outcome, and the receipt a
// submit asks for is written in its message's transaction (a failure between the two cannot leave a message
// whose receipt is never owed).
import * as smpp from 'smpp';
import { sql } from 'kysely';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { smppOf } from '.';
import { connect, type Client } from './test-client';

const E = smpp.errors;
const ACME_ANI = '12125552301';

describe('SMPP submits in batches, receipts owed in the message’s transaction', () => {
  let t: TestApp;
  let c: Client;
  const submit = (extra: object = {}) =>
    c.submit({
      source_addr_ton: 1,
      source_addr: ACME_ANI,
      dest_addr_ton: 1,
      destination_addr: '14155550111',
      short_message: 'batch',
      registered_delivery: 1,
      ...extra,
    });
  const count = async (q: ReturnType<typeof sql<{ n: number }>>) => (await q.execute(t.app.db)).rows[0].n;

  beforeAll(async () => {
    t = await createTestApp({
      demoTraffic: true,
      // reports wait: the receipts rows stay owed while the tests look at them
      messaging: { simLatencyMs: 20, simFailureRate: 0, simAutoDeliver: false },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: api('/smpp_account'),
      headers: bearer(await login(t.app, 'acme-admin@example.com')),
      payload: { system_id: 'acme-batch', password: 'secret1', max_binds: 2, tps: 1_000 },
    });
    expect(res.statusCode).toBe(201);
    c = await connect(smppOf(t.app).port as number);
    expect(await c.bind('bind_transmitter', res.json().smpp_account.system_id, 'secret1')).toBe(0);
  }, 120_000);
  afterAll(async () => {
    await c?.close();
    await t?.close();
  });

  it('answers each submit of a batch with its own outcome, and owes a receipt for each stored one', async () => {
    const resps = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        // every third from a number that is not the company's: refused within the same batches
        submit({ short_message: `batch ${i}`, ...(i % 3 === 2 ? { source_addr: '13125552401' } : {}) }),
      ),
    );
    resps.forEach((r, i) => expect(r.command_status).toBe(i % 3 === 2 ? E.ESME_RINVSRCADR : 0));
    const ids = resps.filter((r) => r.command_status === 0).map((r) => String(r.message_id));
    expect(new Set(ids).size).toBe(80);
    const stored = await t.app.db
      .selectFrom('sms')
      .select(['sms_uuid', 'text', 'status'])
      .where('sms_uuid', 'in', ids)
      .execute();
    expect(stored).toHaveLength(80);
    const owed = await t.app.db
      .selectFrom('smpp_deliveries')
      .select('sms_uuid')
      .where('kind', '=', 'receipt')
      .where('sms_uuid', 'in', ids)
      .execute();
    expect(owed.map((o) => o.sms_uuid).sort()).toEqual([...ids].sort());
    // a refused submit is stored blocked, as from the console, and owes no receipt
    expect(await count(sql`select count(*)::int as n from sms where text = 'batch 2' and status = 'blocked'`)).toBe(1);
  });

  it('stores no message and holds nothing when its receipt row cannot be written', async () => {
    const holds = sql<{ n: number }>`select count(*)::int as n from ledger_reservations`;
    const before = await count(holds);
    await sql`create function smpp_spec_refuse() returns trigger language plpgsql as $$
      begin raise exception 'receipt row refused'; end $$`.execute(t.app.db);
    await sql`create trigger smpp_spec_refuse before insert on smpp_deliveries
      for each row execute function smpp_spec_refuse()`.execute(t.app.db);
    try {
      const r = await submit({ short_message: 'never half stored' });
      expect(r.command_status).toBe(E.ESME_RSYSERR);
    } finally {
      await sql`drop trigger smpp_spec_refuse on smpp_deliveries`.execute(t.app.db);
      await sql`drop function smpp_spec_refuse()`.execute(t.app.db);
    }
    expect(await count(sql`select count(*)::int as n from sms where text = 'never half stored'`)).toBe(0);
    expect(await count(holds)).toBe(before);
    // without the fault the same submit is stored with its receipt owed
    const ok = await submit({ short_message: 'never half stored' });
    expect(ok.command_status).toBe(0);
    expect(
      await count(
        sql`select count(*)::int as n from smpp_deliveries where sms_uuid = ${String(ok.message_id)}::uuid and kind = 'receipt'`,
      ),
    ).toBe(1);
  });
});
