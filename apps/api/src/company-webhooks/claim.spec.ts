// The dispatcher's claim (migration 227): due events oldest first under one lease row, never an event another
// claim holds, every event again once its lease has run out; and the deletes that replaced the event rows'
// foreign keys. PGlite in memory, or a schema of its own with DATABASE_URL (the claims then run on
// connections of their own, at the same time).
import { sql, type Kysely } from 'kysely';
import { migrate } from '../db/migrations';
import type { Database } from '../db/schema';
import { SCRATCH_MIGRATION_CONTEXT as ctx, scratchDb } from '../testing/scratch-db';

describe('claim_webhook_batch: leases instead of row locks', () => {
  let db: Kysely<Database>;
  let close: () => Promise<void>;
  let company_uuid = '';
  let webhook_uuid = '';
  beforeAll(async () => {
    ({ db, close } = await scratchDb('claim'));
    await migrate(db, ctx);
    company_uuid = (
      await sql<{ id: string }>`insert into companies (company_name) values ('Claims')
        returning company_uuid::text as id`.execute(db)
    ).rows[0].id;
    webhook_uuid = (
      await sql<{ id: string }>`insert into company_webhooks (company_uuid, url, events, secret)
        values (${company_uuid}, 'https://example.com/h', '{message.status}', 'whsec_x')
        returning webhook_uuid::text as id`.execute(db)
    ).rows[0].id;
  }, 60_000);
  afterAll(() => close());

  const claim = async (n: number, only: string | null = null) =>
    (
      await sql<{ lease: string; id: string; attempts: number; url: string }>`select lease_id::text as lease,
        delivery_id::text as id, attempts, url from claim_webhook_batch(${n}, 60, ${only}::bigint)`.execute(db)
    ).rows;
  const events = async (n: number) =>
    (
      await sql<{ id: string }>`insert into webhook_messages (company_uuid, webhook_uuid, type, payload)
        select ${company_uuid}, ${webhook_uuid}, 'message.status', '{}' from generate_series(1, ${n})
        returning delivery_id::text as id`.execute(db)
    ).rows.map((r) => r.id);

  it('hands each due event to one claim, oldest first, and again once its lease has run out', async () => {
    const ids = await events(30);
    const claims = await Promise.all([claim(10), claim(10), claim(10), claim(10)]);
    const got = claims.flat().map((r) => r.id);
    expect([...got].sort((a, b) => Number(a) - Number(b))).toEqual(ids);
    expect(claims.filter((c) => c.length).every((c) => new Set(c.map((r) => r.lease)).size === 1)).toBe(true);
    expect(claims.flat().every((r) => r.attempts === 1 && r.url === 'https://example.com/h')).toBe(true);
    expect(await claim(10)).toEqual([]);
    expect(await claim(1, ids[0])).toEqual([]);

    // a node that died: its lease runs out and its events are due again
    const lease = claims.find((c) => c.some((r) => r.id === ids[0]))?.[0].lease as string;
    await sql`update webhook_leases set until = now() - interval '1 second' where lease_id = ${lease}`.execute(db);
    const again = await claim(100);
    expect(again.map((r) => r.id)).toEqual(
      claims
        .flat()
        .filter((r) => r.lease === lease)
        .map((r) => r.id),
    );
    expect((await sql<{ n: number }>`select count(*)::int as n from webhook_leases`.execute(db)).rows[0].n).toBe(
      claims.filter((c) => c.length).length,
    );
  });

  it("hands a batch's events out whole, once, each with a webhook-id that every claim repeats", async () => {
    const batch = async (size: number) =>
      (
        await sql<{ id: string }>`insert into webhook_batches (company_uuid, webhook_uuid, type, size, events)
          select ${company_uuid}, ${webhook_uuid}, 'message.status', ${size},
            jsonb_agg(jsonb_build_object('n', g) order by g) from generate_series(1, ${size}) g
          returning batch_id::text as id`.execute(db)
      ).rows[0].id;
    const claimed = async (n: number) =>
      (
        await sql<{
          lease: string;
          batch: string;
          idx: number;
          mid: string;
          payload: string;
          attempts: number;
          batched: boolean;
        }>`select lease_id::text as lease, batch_id::text as batch, idx, message_id as mid, payload, attempts, batched
          from claim_webhook_deliveries(${n}, 60, null)`.execute(db)
      ).rows;
    const [a, b, c] = [await batch(3), await batch(4), await batch(5)];
    // whole batches, oldest first, up to the limit (the batch that reaches it is taken whole)
    const [first, second] = await Promise.all([claimed(5), claimed(5)]);
    const byBatch = (rows: { batch: string }[]) => [...new Set(rows.map((r) => r.batch))];
    expect([byBatch(first), byBatch(second)].sort((x, y) => y.length - x.length)).toEqual([[a, b], [c]]);
    const all = [...first, ...second];
    expect(all).toHaveLength(12);
    expect(all.every((r) => r.attempts === 1 && /^msg_[0-9a-f]{32}$/.test(r.mid) && !r.batched)).toBe(true);
    expect(new Set(all.map((r) => r.mid)).size).toBe(12);
    const ofA = all.filter((r) => r.batch === a);
    expect(ofA.map((r) => [r.idx, JSON.parse(r.payload).n])).toEqual([
      [0, 1],
      [1, 2],
      [2, 3],
    ]);
    expect(await claimed(100)).toEqual([]);
    // a lease run out: the same events again, with the same webhook-ids (and the webhook's delivery as it is now)
    await sql`update webhook_leases set until = now() - interval '1 second'`.execute(db);
    await sql`update company_webhooks set batched = true where webhook_uuid = ${webhook_uuid}`.execute(db);
    // (with the first test's events, whose leases ran out too)
    const again = (await claimed(100)).filter((r) => r.batch);
    expect(again.map((r) => r.mid).sort()).toEqual(all.map((r) => r.mid).sort());
    expect(again.every((r) => r.batched)).toBe(true);
    await sql`update webhook_batches set state = 'done' where batch_id in (${a}, ${b}, ${c})`.execute(db);
    await sql`delete from webhook_leases`.execute(db);
    expect((await claimed(100)).filter((r) => r.batch)).toEqual([]);
  });

  it('claims one event by id, and deletes events with their webhook or their company', async () => {
    const [one] = await events(1);
    expect((await claim(1, one)).map((r) => r.id)).toEqual([one]);
    await sql`insert into webhook_messages (company_uuid, callback_url, type, payload)
      values (${company_uuid}, 'https://example.com/cb', 'message.status', '{}')`.execute(db);
    const count = async () =>
      (
        await sql<{ hooked: number; callbacks: number }>`select count(webhook_uuid)::int as hooked,
          count(callback_url)::int as callbacks from webhook_messages`.execute(db)
      ).rows[0];
    expect(await count()).toEqual({ hooked: 31, callbacks: 1 });
    const keys = await sql<{ n: number }>`select count(*)::int as n from pg_constraint
      where conrelid = 'webhook_messages'::regclass and contype = 'f'`.execute(db);
    expect(keys.rows[0].n).toBe(0);
    const batches = async () =>
      (await sql<{ n: number }>`select count(*)::int as n from webhook_batches`.execute(db)).rows[0].n;
    expect(await batches()).toBe(3);
    await sql`delete from company_webhooks where webhook_uuid = ${webhook_uuid}`.execute(db);
    expect(await count()).toEqual({ hooked: 0, callbacks: 1 });
    expect(await batches()).toBe(0);
    await sql`delete from companies where company_uuid = ${company_uuid}`.execute(db);
    expect(await count()).toEqual({ hooked: 0, callbacks: 0 });
  });
});
